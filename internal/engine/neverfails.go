package engine

import (
	"golang.org/x/tools/go/ssa"
)

// A function that never fails is one whose error result is nil on every
// way out, whatever it is handed: aws-sdk-go-v2's ratelimit.None, and a
// package's own limiter written the same way before it existed, grant a
// retry token whatever the bucket holds:
//
//	func (nopLimiter) GetToken(context.Context, uint) (func() error, error) {
//		return func() error { return nil }, nil
//	}
//
// The body is read as a helper's is at a call (summary.go), with no
// argument bound and no call decided: an error that comes from a call
// (return l.bucket.GetToken(ctx, cost)) or a parameter is unknown, and so
// is the answer. A context it is handed is live, as in a walk with no
// cancellation: a limiter that fails only once its caller's context is
// done (return nil, ctx.Err()) is read as never failing, since it
// refuses no token to a call that goes on. A way that panics returns
// nothing and is not counted.

// NeverFails reports whether every return of fn, a function of the
// package whose last result is an error, gives a nil error.
func (p *Program) NeverFails(fn *ssa.Function) bool {
	if fn == nil || len(fn.Blocks) == 0 {
		return false
	}
	res := fn.Signature.Results()
	if res.Len() == 0 || !isErrorType(res.At(res.Len()-1).Type()) {
		return false
	}
	w := &walker{p: p, r: &Region{p: p, fn: fn}, sc: &Scenario{}, out: &Walk{}, params: &binding{}, depth: 1, retIdx: res.Len() - 1}
	w.path = []*ssa.BasicBlock{fn.Blocks[0]}
	w.block(fn.Blocks[0], 0, false)
	return !w.void && len(w.returns) > 0 && join(w.returns).Kind == Nil
}
