package retryclass

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// isResponse reports whether t is *http.Response.
func isResponse(t types.Type) bool {
	_, ptr := types.Unalias(t).(*types.Pointer)
	return ptr && analysisutil.Named(t, "net/http", "Response")
}

// shortExpr renders an expression for a message, shortened.
func shortExpr(e ast.Expr) string {
	s := types.ExprString(e)
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
