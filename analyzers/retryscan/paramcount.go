package retryscan

import (
	"go/ast"

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

// countParam returns 1 + the index of the parameter the bound counts the
// attempts against, with the count's offset, or 0, 0. The engine reads
// the parameter's value itself (through conversions: retry.Attempts(
// uint(n))), not one the function computed from it.
func countParam(b Bound) (int32, int32) {
	if b.Attempts != catalog.AttemptsUnknown || b.CountParam == 0 {
		return 0, 0
	}
	return int32(b.CountParam), int32(b.CountAdd)
}

// wrapperBound is the bound of a call of wrapper w in fn: its own
// attempts, or those its count argument gives. An argument that is a
// parameter of fn is passed on as the count, so a wrapper of a wrapper
// counts the same way.
func (s *scanner) wrapperBound(fn ast.Node, w *WrapperFact, call *ast.CallExpr) Bound {
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
	b.CountParam, b.CountAdd = s.argParam(fn, call, i), int(w.CountAdd)
	return b
}
