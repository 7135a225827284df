package flow

import (
	"go/ast"
	"strings"
	"testing"
)

const placesSrc = `package p

type Params struct{ Key, Other string }

var global string

func gen() string { return "x" }

func f(seed string, out *string) {
	before := gen()
	for range 3 {
		k := gen()
		p := &Params{Key: k, Other: "o"}
		var q Params
		q.Key = seed
		*out = k
		n, err := pair()
		copied := k + "-suffix"
		global = k
		func() { inner := copied; _ = inner }()
		_, _, _ = p, n, err
	}
	_ = before
}

func pair() (string, error) { return "", nil }
`

func TestAssignsIn(t *testing.T) {
	x, vars := load(t, placesSrc)
	var loop *ast.RangeStmt
	ast.Inspect(x.files[0], func(n ast.Node) bool {
		if r, ok := n.(*ast.RangeStmt); ok {
			loop = r
		}
		return loop == nil
	})
	var got []string
	for _, a := range x.AssignsIn(loop.Body) {
		s := a.Place.Var.Name()
		if a.Place.Field != nil {
			s += "." + a.Place.Field.Name()
		}
		if a.Lit {
			s += "(lit)"
		}
		if a.Tuple {
			s += "(tuple)"
		}
		if _, star := a.Lhs.(*ast.StarExpr); star {
			s = "*" + s
		}
		got = append(got, s)
	}
	// before is outside the loop, global is no place, the closure's
	// inner is inside; q's zero-value declaration has no RHS but is an
	// assignment all the same.
	want := "k p p.Key(lit) p.Other(lit) q q.Key *out n(tuple) err(tuple) copied inner"
	if strings.Join(got, " ") != want {
		t.Errorf("AssignsIn(loop body) =\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
	if p, ok := x.PlaceOf(ast.NewIdent("global")); ok {
		t.Errorf("PlaceOf(unresolved) = %v", p)
	}
	if len(x.AssignsIn(x.files[0].Decls[len(x.files[0].Decls)-1])) != 0 {
		t.Error("pair's body assigns nothing")
	}

	// Propagate: what the seed reaches, and what a generator call
	// reaches, refusing the tuple's error.
	taint := map[Place]string{{Var: vars["seed"]}: "seed"}
	Propagate(x, loop.Body, taint, nil, func(a Assign) string {
		if a.Def.RHS == nil || a.Tuple && a.Place.Var.Name() == "err" {
			return ""
		}
		var from string
		ast.Inspect(a.Def.RHS, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "gen" {
					from = "gen"
				}
			case *ast.Ident:
				if v := x.Local(n); v != nil && taint[Place{Var: v}] != "" {
					from = taint[Place{Var: v}]
				}
			}
			return from == ""
		})
		return from
	})
	for name, want := range map[string]string{"k": "gen", "copied": "gen", "inner": "gen", "out": "gen", "before": "", "n": "", "err": ""} {
		if got := taint[Place{Var: vars[name]}]; got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	var key, qKey string
	for p, v := range taint {
		if p.Field != nil && p.Field.Name() == "Key" {
			switch p.Var.Name() {
			case "p":
				key = v
			case "q":
				qKey = v
			}
		}
	}
	if key != "gen" || qKey != "seed" {
		t.Errorf("p.Key %q (want gen, from the literal), q.Key %q (want seed)", key, qKey)
	}
}
