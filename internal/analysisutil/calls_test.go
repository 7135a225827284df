package analysisutil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"testing"
)

// TestEachLocalCall checks which calls are a function's callers and which
// names put its callers out of sight.
func TestEachLocalCall(t *testing.T) {
	const src = `package p

type T struct{}

func (T) m()  {}
func (T) n()  {}
func once()   {}
func twice()  {}
func valued() {}

type I interface{ n() }

var g = valued

func a(t T) {
	once()
	twice()
	t.m()
	T.m(t)
	func() { twice() }()
	_ = valued
	_ = t.n
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := new(types.Config).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]int{}
	escapes, ifaceNames := EachLocalCall(pkg, info, []*ast.File{f}, func(fn *types.Func, call *ast.CallExpr, stack []ast.Node) {
		calls[fn.Name()]++
		if _, ok := stack[0].(*ast.FuncDecl); !ok {
			t.Errorf("stack of %s starts at %T", fn.Name(), stack[0])
		}
	})
	want := map[string]int{"once": 1, "twice": 2, "m": 1}
	if !maps.Equal(calls, want) {
		t.Errorf("calls = %v, want %v (T.m(t) is a method expression)", calls, want)
	}
	var esc []string
	for fn := range escapes {
		esc = append(esc, fn.Name())
	}
	slices.Sort(esc)
	if !slices.Equal(esc, []string{"m", "n", "valued"}) {
		t.Errorf("escapes = %v, want [m n valued]", esc)
	}
	if !ifaceNames["n"] || ifaceNames["m"] {
		t.Errorf("ifaceNames = %v, want n only", ifaceNames)
	}
}
