package retryscan

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A retry helper often takes its attempts from its caller:
//
//	func withRetries(maxRetries int, f func() error) error {
//		for i := 0; i < maxRetries; i++ { ... f() ... }
//	}
//	withRetries(defaultRetries, func() error { ... })
//
// The loop's bound is a parameter, unknown inside the helper; each call
// knows it. The wrapper fact records which parameter counts the
// attempts, and the wrapper site at a call reads the argument there.

// countParam returns 1 + the index of the parameter of fd (declaring fn)
// that bound counts the attempts against, with the count's offset, or
// 0, 0. The parameter must be an integer that fd never assigns, seen
// through conversions: retry.Attempts(uint(n)).
func (s *scanner) countParam(fd *ast.FuncDecl, fn *types.Func, b Bound) (int32, int32) {
	if b.Attempts != catalog.AttemptsUnknown || b.Count == nil {
		return 0, 0
	}
	id, ok := stripConv(s.info, b.Count).(*ast.Ident)
	if !ok {
		return 0, 0
	}
	v, ok := s.info.Uses[id].(*types.Var)
	if !ok || !isInteger(v.Type()) || len(s.x.Defs(v)) > 0 || len(s.x.Steps(v)) > 0 || s.x.AddrTaken(v) {
		return 0, 0
	}
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if params.At(i) == v {
			return int32(i + 1), int32(b.CountAdd)
		}
	}
	return 0, 0
}

// wrapperBound is the bound of a call of wrapper w: its own attempts, or
// those its count argument gives. An argument that is not a constant is
// passed on as the count, so a wrapper of a wrapper counts the same way.
func (s *scanner) wrapperBound(w *WrapperFact, call *ast.CallExpr) Bound {
	b := Bound{Attempts: int(w.Attempts)}
	i := int(w.CountParam) - 1
	if i < 0 || i >= len(call.Args) || call.Ellipsis.IsValid() {
		return b
	}
	arg := call.Args[i]
	if n, ok := s.intConst(arg); ok {
		if n += int64(w.CountAdd); n >= 1 {
			b.Attempts, b.Evidence = int(n), arg
		}
		return b
	}
	b.Count, b.CountAdd = arg, int(w.CountAdd)
	return b
}
