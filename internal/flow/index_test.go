package flow

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

const src = `package p

import "context"

func f(parent context.Context, m map[string]int) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	q := "SELECT 1"
	q += " WHERE x = 1"
	one := "UPDATE t SET n = 5"
	v, ok := m["k"]
	for i := range 3 {
		_ = i
	}
	var zero struct{ Timeout int }
	zero.Timeout = 1
	taken := 1
	use(&taken)
	handed := 2
	use(handed)
	_, _, _, _, _ = ctx, q, one, v, ok
}

func use(any) {}
`

func load(t *testing.T, src string) (*Index, map[string]*types.Var) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]*types.Var{}
	for id, obj := range info.Defs {
		if v, ok := obj.(*types.Var); ok {
			vars[id.Name] = v
		}
	}
	return NewIndex(pkg, info, []*ast.File{f}), vars
}

func TestIndex(t *testing.T) {
	x, vars := load(t, src)
	if x.defs != nil {
		t.Fatal("the index was built before the first query")
	}
	if d := x.Defs(vars["ctx"]); len(d) != 1 || d[0].Result != 0 || d[0].Other != vars["cancel"] || d[0].Value() == nil {
		t.Errorf("ctx: %+v", d)
	}
	if d := x.Defs(vars["cancel"]); len(d) != 1 || d[0].Result != 1 || d[0].Value() != nil {
		t.Errorf("cancel: %+v", d)
	}
	if x.Uses(vars["cancel"]) != 1 {
		t.Errorf("cancel uses %d, want 1", x.Uses(vars["cancel"]))
	}
	if d := x.Defs(vars["q"]); len(d) != 2 || d[1].Tok != token.ADD_ASSIGN || d[1].Value() != nil || x.Single(vars["q"]) != nil {
		t.Errorf("q: %+v", d)
	}
	if s, ok := x.ConstString(x.Single(vars["one"])); !ok || s != "UPDATE t SET n = 5" {
		t.Errorf("one: %q %v", s, ok)
	}
	if d := x.Defs(vars["ok"]); len(d) != 1 || d[0].Result != 1 {
		t.Errorf("ok: %+v", d)
	}
	if d := x.Defs(vars["i"]); len(d) != 1 || d[0].Result != -1 || d[0].Value() != nil {
		t.Errorf("i: %+v", d)
	}
	if d := x.Defs(vars["zero"]); len(d) != 1 || d[0].RHS != nil || d[0].Result != 0 {
		t.Errorf("zero: %+v", d)
	}
	if fs := x.FieldSets(vars["zero"]); len(fs) != 1 || fs[0] != "Timeout" {
		t.Errorf("zero field sets %v", fs)
	}
	if !x.AddrTaken(vars["taken"]) || x.Single(vars["taken"]) != nil || x.AddrTaken(vars["handed"]) {
		t.Error("taken: address not seen, or seen on handed")
	}
	if !x.Handed(vars["handed"]) || x.Handed(vars["zero"]) {
		t.Error("handed: not seen, or seen on zero")
	}
	if x.Local(ast.NewIdent("nope")) != nil {
		t.Error("an unresolved identifier is a local")
	}
}
