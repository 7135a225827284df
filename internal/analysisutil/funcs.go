package analysisutil

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// Callee returns the function or method a call statically invokes, or nil
// for calls of function values, interface methods, builtins and
// conversions. Generic functions are returned as their origin, so that
// catalog rows and facts match every instantiation.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn := typeutil.StaticCallee(info, call)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// InterfaceCallee returns the interface method a call invokes dynamically
// (r.Read(p) on an io.Reader), or nil.
func InterfaceCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn == nil {
		return nil
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return nil
	}
	return fn.Origin()
}

// AnyCallee returns the function a call invokes, statically (Callee) or
// through an interface method (InterfaceCallee), or nil for calls of
// function values, builtins and conversions.
func AnyCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	if fn := Callee(info, call); fn != nil {
		return fn
	}
	return InterfaceCallee(info, call)
}

// RecvName returns the name of the named type a method is declared on,
// without pointer or type arguments ("Client" for (*Client[T]).Do), or ""
// for plain functions, interface methods of unnamed interfaces and nil.
func RecvName(fn *types.Func) string {
	if fn == nil {
		return ""
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return ""
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// PkgPath returns the import path of the package declaring obj, or "" for
// universe objects and nil, including a nil *types.Func or *types.Var
// held in the interface (see IsNil).
func PkgPath(obj types.Object) string {
	if IsNil(obj) || obj.Pkg() == nil {
		return ""
	}
	return obj.Pkg().Path()
}

// IsNil reports whether obj is nil or holds a nil pointer. Helpers that
// return a *types.Func yield nil for calls of function values, and that
// nil becomes a non-nil types.Object when passed on as one:
//
//	var waitFunc = wait
//	...
//	fn := calleeOf(call) // waitFunc(ctx, d): (*types.Func)(nil)
//	PkgPath(fn)          // obj != nil, obj.Pkg() dereferences nil
//
// types.Object has unexported methods, so these eight types are all the
// implementations there are.
func IsNil(obj types.Object) bool {
	switch o := obj.(type) {
	case nil:
		return true
	case *types.Func:
		return o == nil
	case *types.Var:
		return o == nil
	case *types.TypeName:
		return o == nil
	case *types.Const:
		return o == nil
	case *types.PkgName:
		return o == nil
	case *types.Label:
		return o == nil
	case *types.Builtin:
		return o == nil
	case *types.Nil:
		return o == nil
	}
	return false
}

// IsFunc reports whether fn is the function pkg.name (recv == "") or the
// method (pkg.recv).name, matched by package path and symbol, never by the
// printed type.
func IsFunc(fn *types.Func, pkg, recv, name string) bool {
	return fn != nil && fn.Name() == name && PkgPath(fn) == pkg && RecvName(fn) == recv
}

// Imports reports whether pkg imports path directly.
func Imports(pkg *types.Package, path string) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return true
		}
	}
	return false
}

// MethodSet returns the methods a value of type t can call, as if it
// were addressable: a struct's pointer methods too; an interface's or a
// pointer's own.
func MethodSet(t types.Type) *types.MethodSet {
	switch t.Underlying().(type) {
	case *types.Interface, *types.Pointer:
		return types.NewMethodSet(t)
	}
	return types.NewMethodSet(types.NewPointer(t))
}

// IsErrorType reports whether t is the predeclared error type.
func IsErrorType(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

// ConstBool returns the value of a boolean constant expression (true,
// a named constant, a constant comparison); ok is false for anything
// else.
func ConstBool(info *types.Info, e ast.Expr) (value, ok bool) {
	tv, found := info.Types[e]
	if !found || tv.Value == nil || tv.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(tv.Value), true
}

// Converted returns the operand of a conversion, int(resp.StatusCode)
// or []byte("idempotency-key"), and whether e is one.
func Converted(info *types.Info, e ast.Expr) (ast.Expr, bool) {
	c, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return nil, false
	}
	tv, ok := info.Types[c.Fun]
	if !ok || !tv.IsType() {
		return nil, false
	}
	return c.Args[0], true
}

// ConstString returns the value of a string constant expression ("POST",
// http.MethodPost, a named constant, a folded concatenation); ok is
// false for anything else. It is type information, not value flow: a
// variable holding a constant is not a constant expression.
func ConstString(info *types.Info, e ast.Expr) (value string, ok bool) {
	tv, found := info.Types[e]
	if !found || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// ObjectOf returns the object an identifier or selector expression refers
// to, or nil.
func ObjectOf(info *types.Info, e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return info.ObjectOf(e)
	case *ast.SelectorExpr:
		return info.ObjectOf(e.Sel)
	}
	return nil
}

// EachAssign calls f with the left and right sides of every assignment
// and var declaration under n (x, y = a, b; var x, y = a, b); a var
// declaration's names are its left side.
func EachAssign(n ast.Node, f func(lhs, rhs []ast.Expr)) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			f(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			f(lhs, n.Values)
		}
		return true
	})
}

// IsMethodExpr reports calls like T.M(recv, args...), whose arguments
// are shifted by one against the signature's parameters.
func IsMethodExpr(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s, ok := info.Selections[sel]
	return ok && s.Kind() == types.MethodExpr
}

// DeclaredLit returns the composite literal a package variable of the
// files is declared with (var retryable = map[string]bool{...}), or nil:
// one declared without a value, or with a value of another kind, or
// several names given the results of one call.
func DeclaredLit(files []*ast.File, info *types.Info, v *types.Var) *ast.CompositeLit {
	for _, f := range files {
		for _, d := range f.Decls {
			gd, isGen := d.(*ast.GenDecl)
			if !isGen || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if info.Defs[name] == v && i < len(vs.Values) && len(vs.Names) == len(vs.Values) {
						lit, _ := ast.Unparen(vs.Values[i]).(*ast.CompositeLit)
						return lit
					}
				}
			}
		}
	}
	return nil
}

// FileOf returns the file of files that holds pos, or nil.
func FileOf(files []*ast.File, pos token.Pos) *ast.File {
	for _, f := range files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return f
		}
	}
	return nil
}

// FuncType returns the type of a function declaration or literal, or nil
// for any other node.
func FuncType(fn ast.Node) *ast.FuncType {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Type
	case *ast.FuncLit:
		return fn.Type
	}
	return nil
}
