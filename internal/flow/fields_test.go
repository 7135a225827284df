package flow

import (
	"go/ast"
	"go/types"
	"testing"
)

const fieldSrc = `package p

import "time"

type Client struct{ Timeout time.Duration }

type store struct {
	http    *Client
	retries int
	shared  *Client
	Public  *Client
	pair    [2]int
}

func newStore() *store {
	return &store{http: &Client{}, retries: 3}
}

func (s *store) reset() {
	s.http = newClient()
	s.Public = nil
	p := &s.shared
	_ = p
	s.pair[0], s.retries = f2()
}

func newClient() *Client { return &Client{Timeout: time.Second} }

func named() (c *Client) {
	c = &Client{}
	return
}

func f2() (int, int) { return 1, 2 }

func both() (int, int) { return f2() }

func pos() store { return store{nil, 1, nil, nil, [2]int{}} }
`

func TestFields(t *testing.T) {
	x, vars := load(t, fieldSrc)
	if w := x.FieldWrites(vars["http"]); len(w) != 3 {
		t.Errorf("http: %d writes, want 3 (the keyed literal, reset, the positional literal)", len(w))
	}
	if !x.FieldComplete(vars["http"]) {
		t.Error("http: not complete")
	}
	if x.FieldComplete(vars["shared"]) {
		t.Error("shared: complete although its address is taken")
	}
	if x.FieldComplete(vars["Public"]) {
		t.Error("Public: complete although exported")
	}
	if x.FieldComplete(vars["retries"]) {
		t.Error("retries: complete although assigned from a call of two results")
	}
	if w := x.FieldWrites(vars["retries"]); len(w) != 2 {
		t.Errorf("retries: %d writes, want 2 (the keyed literal and the positional one)", len(w))
	}
	fn := func(name string) *types.Func {
		for id, obj := range x.info.Defs {
			if f, ok := obj.(*types.Func); ok && id.Name == name {
				return f
			}
		}
		t.Fatalf("no func %s", name)
		return nil
	}
	if rs, ok := x.Returns(fn("newClient"), 0); !ok || len(rs) != 1 {
		t.Errorf("newClient returns %v %v", rs, ok)
	}
	if _, ok := x.Returns(fn("named"), 0); ok {
		t.Error("named: a bare return is visible")
	}
	if _, ok := x.Returns(fn("both"), 1); ok {
		t.Error("both: return f2() is visible")
	}
	if rs, ok := x.ReturnValues(fn("both"), 1); !ok || len(rs) != 1 || rs[0].Call == nil || rs[0].Result != 1 {
		t.Errorf("ReturnValues(both, 1) = %v %v, want the call f() as result 1", rs, ok)
	}
	if rs, ok := x.ReturnValues(fn("newClient"), 0); !ok || len(rs) != 1 || rs[0].Value == nil {
		t.Errorf("ReturnValues(newClient, 0) = %v %v", rs, ok)
	}
	if _, ok := x.ReturnValues(fn("named"), 0); ok {
		t.Error("ReturnValues(named): a bare return is visible")
	}
	if d := x.Decl(fn("newStore")); d == nil || d.Name.Name != "newStore" {
		t.Errorf("Decl(newStore) = %v", d)
	}
	var sel *ast.SelectorExpr
	ast.Inspect(x.Decl(fn("reset")), func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok && sel == nil && s.Sel.Name == "http" {
			sel = s
		}
		return true
	})
	if x.FieldOf(sel) != vars["http"] {
		t.Errorf("FieldOf(s.http) = %v", x.FieldOf(sel))
	}
}

const handSrc = `package p

import "time"

type Client struct{ Timeout time.Duration }

type svc struct {
	quiet *Client
	tuned *Client
	given *Client
	kept  *Client
	back  *Client
	list  *Client
}

func use(*Client) {}

func (s *svc) setup() *Client {
	s.tuned.Timeout = time.Second
	use(s.given)
	c := s.kept
	_ = c
	_ = []*Client{s.list}
	_ = s.quiet.Timeout // a read, not a write
	return s.back
}
`

func TestFieldUses(t *testing.T) {
	x, vars := load(t, handSrc)
	if got := x.FieldSetsOn(vars["tuned"]); len(got) != 1 || got[0] != "Timeout" {
		t.Errorf("FieldSetsOn(tuned) = %v, want [Timeout]", got)
	}
	if got := x.FieldSetsOn(vars["quiet"]); len(got) != 0 {
		t.Errorf("FieldSetsOn(quiet) = %v, want none", got)
	}
	for name, want := range map[string]bool{"quiet": false, "tuned": false, "given": true, "kept": true, "back": true, "list": true} {
		if got := x.FieldHanded(vars[name]); got != want {
			t.Errorf("FieldHanded(%s) = %v, want %v", name, got, want)
		}
	}
}
