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
