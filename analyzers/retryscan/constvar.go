package retryscan

import (
	"go/ast"
	"go/constant"
)

// A setting kept in a package variable of the package is read as the
// constant it always holds, when every write to it is visible (the
// engine's ConstExpr: an unexported variable, or a field of one, set
// only by its initializer):
//
//	var defaultCfg = retryConfig{MaxRetries: 5, Timeout: 4 * time.Second}
//	actx, cancel := context.WithTimeout(ctx, defaultCfg.Timeout)  // 4s
//	retry.Attempts(uint(defaultCfg.MaxRetries))                    // 5
//
// So is one kept in a local variable given one constant (the engine's
// localconst.go):
//
//	backoffMaxRetries := uint64(101)
//	backoff.WithMaxRetries(bo, backoffMaxRetries)                  // 101
//
// An exported variable, or one set from a flag or a parameter, stays
// unknown.

// varConst returns the constant an expression reading a package
// variable or a local always has, or nil.
func (s *scanner) varConst(e ast.Expr) constant.Value {
	if s.eng == nil {
		return nil
	}
	return s.eng.ConstExpr(s.enclosingFunc(e), e)
}
