package analysisutil

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestNilObjects checks the helpers on a nil pointer inside a
// types.Object, the value that crashed the recognizer (issue 12): a
// function value's call has no *types.Func callee, and that nil pointer
// became a non-nil interface on its way to PkgPath.
func TestNilObjects(t *testing.T) {
	var fn *types.Func
	var v *types.Var
	var tn *types.TypeName
	for _, obj := range []types.Object{nil, fn, v, tn, (*types.Const)(nil), (*types.PkgName)(nil), (*types.Label)(nil), (*types.Builtin)(nil), (*types.Nil)(nil)} {
		if !IsNil(obj) {
			t.Errorf("IsNil(%T(nil)) = false", obj)
		}
		if got := PkgPath(obj); got != "" {
			t.Errorf("PkgPath(%T(nil)) = %q, want \"\"", obj, got)
		}
	}
	if got := RecvName(fn); got != "" {
		t.Errorf("RecvName(nil) = %q", got)
	}
	if IsFunc(fn, "time", "", "Sleep") {
		t.Errorf("IsFunc(nil) = true")
	}

	pkg := types.NewPackage("example.com/p", "p")
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	real := types.NewFunc(token.NoPos, pkg, "F", sig)
	if IsNil(real) {
		t.Errorf("IsNil(F) = true")
	}
	if got := PkgPath(real); got != "example.com/p" {
		t.Errorf("PkgPath(F) = %q", got)
	}
	if got := PkgPath(types.Universe.Lookup("len")); got != "" {
		t.Errorf("PkgPath(len) = %q, want \"\"", got)
	}
}

// TestConstString: constant expressions give their text, folded; a
// variable holding a constant string is no constant expression.
func TestConstString(t *testing.T) {
	const src = `package p

import "net/http"

const create = "PO" + "ST"

var method = "POST"

var exprs = []any{create, http.MethodPatch, create + "!", method, 3}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	lit := f.Decls[len(f.Decls)-1].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values[0].(*ast.CompositeLit)
	want := []struct {
		s  string
		ok bool
	}{{"POST", true}, {"PATCH", true}, {"POST!", true}, {"", false}, {"", false}}
	for i, e := range lit.Elts {
		if s, ok := ConstString(info, e); s != want[i].s || ok != want[i].ok {
			t.Errorf("ConstString(%s) = %q, %v; want %q, %v", types.ExprString(e), s, ok, want[i].s, want[i].ok)
		}
	}
}
