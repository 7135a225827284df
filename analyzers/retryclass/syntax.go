package retryclass

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

func calleeOf(info *types.Info, call *ast.CallExpr) *types.Func {
	return analysisutil.AnyCallee(info, call)
}

func isNilIdent(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

func isErrorType(t types.Type) bool { return analysisutil.IsErrorType(t) }

func isNamed(t types.Type, pkg, name string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// isResponse reports whether t is *http.Response.
func isResponse(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ptr := types.Unalias(t).(*types.Pointer)
	return ptr && isNamed(t, "net/http", "Response")
}

func isContext(t types.Type) bool { return t != nil && isNamed(t, "context", "Context") }

// recvType returns the type of a method call's receiver expression.
func recvType(info *types.Info, call *ast.CallExpr) types.Type {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return info.TypeOf(sel.X)
	}
	return nil
}

// mentionsObj reports whether n refers to one of objs.
func mentionsObj(info *types.Info, n ast.Node, objs map[types.Object]bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && objs[info.ObjectOf(id)] {
			found = true
		}
		return !found
	})
	return found
}

// mentionsStatus reports whether n reads an HTTP response's StatusCode.
func mentionsStatus(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if sel, ok := m.(*ast.SelectorExpr); ok && sel.Sel.Name == "StatusCode" && isResponse(info.TypeOf(sel.X)) {
			found = true
		}
		return !found
	})
	return found
}

// shortExpr renders an expression for a message, shortened.
func shortExpr(e ast.Node) string {
	var s string
	switch e := e.(type) {
	case ast.Expr:
		s = types.ExprString(e)
	default:
		return "..."
	}
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// constInt returns the value of an integer constant.
func constInt(tv types.TypeAndValue) (int64, bool) {
	if tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}
