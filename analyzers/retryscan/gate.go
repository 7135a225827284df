package retryscan

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/engine"
)

// gate returns WrapperFact.Gate for a wrapper fd that runs its
// parameter param at site: 1 + the index of a bool parameter that, when
// false, makes it run the parameter once and return, 0 if none. Either
// the wrapper tests the flag itself (engine.OnceGate, on SSA):
//
//	func run(ctx context.Context, call func(context.Context) error, retry *retryConfig, isIdempotent bool) error {
//		if (retry.policy == RetryIdempotent && !isIdempotent) || retry.policy == RetryNever {
//			return call(ctx)
//		}
//		for { ... }
//
// or it hands its function and its flag on to a gated wrapper
// (run(ctx, op, cfg, idempotent) inside withRetry).
func (s *scanner) gate(site *Site, fd *ast.FuncDecl, param int) int32 {
	sig := s.info.Defs[fd.Name].Type().(*types.Signature)
	hasBool := false
	for i := 0; i < sig.Params().Len(); i++ {
		if b, ok := sig.Params().At(i).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			hasBool = true
		}
	}
	if !hasBool {
		return 0 // no flag: no SSA to build
	}
	if site.kind == KindWrapper {
		w := s.wrapperOf(site.callee)
		call, ok := site.node.(*ast.CallExpr)
		if w == nil || w.Gate == 0 || !ok || int(w.Gate) > len(call.Args) {
			return 0
		}
		id, ok := ast.Unparen(call.Args[w.Gate-1]).(*ast.Ident)
		for i := 0; ok && i < sig.Params().Len(); i++ {
			if s.info.ObjectOf(id) == sig.Params().At(i) {
				return int32(i + 1)
			}
		}
		return 0
	}
	if g := engine.OnceGate(s.eng.Func(fd), param); g >= 0 {
		return int32(g + 1)
	}
	return 0
}
