package engine

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A call of a function of this package that is handed the attempt's
// outcome is read through its body, with its parameters bound to what
// the call passes, the way a classifier decides:
//
//	func shouldRetry(resp *http.Response, err error) bool {
//		if err != nil {
//			return true
//		}
//		return resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500
//	}
//
// Every way through the body is followed; when all its returns agree,
// the call has that value.

// maxDepth bounds the predicates read inside one another.
const maxDepth = 2

func (w *walker) summary(c *ssa.Call, fn *types.Func, args []ssa.Value, idx, upto int) (Val, bool) {
	if w.depth >= maxDepth {
		return Val{}, false
	}
	callee := c.Call.StaticCallee()
	if !w.p.own(callee) {
		return Val{}, false
	}
	if len(callee.Params) != len(args) {
		return Val{}, false
	}
	params := &binding{params: callee.Params, vals: make([]Val, len(args))}
	carries := false
	for i, a := range args {
		v := w.eval(a, upto)
		params.vals[i] = v
		// A context carries the scenario's cancellation into the body.
		carries = carries || v.Kind != Unknown || v.Related || (w.sc.Cancel || w.sc.Deadline) && IsContext(a.Type())
	}
	// A scenario that decides every call (All) decides the calls in the
	// body too: a helper that sends the request and turns a 4xx into an
	// error is read through its body, whatever it is handed. When the
	// body says nothing the scenario does not already say (its returns
	// are unknown), the call keeps the scenario's outcome.
	forced := !carries && (w.sc.All != nil || callee == w.sc.Through)
	if !carries && !forced {
		return Val{}, false
	}
	if idx < 0 {
		idx = 0
	}
	sub := &walker{p: w.p, r: &Region{p: w.p, fn: callee}, sc: w.sc, out: &Walk{}, params: params, depth: w.depth + 1, retIdx: idx}
	sub.path = []*ssa.BasicBlock{callee.Blocks[0]}
	sub.block(callee.Blocks[0], 0, false)
	w.evals += sub.evals
	if sub.void || len(sub.returns) == 0 {
		return Val{}, false
	}
	v := join(sub.returns)
	if forced && v.Kind == Unknown {
		return Val{}, false
	}
	if v.Kind == Unknown && sub.verdicts && !sub.opaque {
		return verdict(), true // the status is in t.Config.RetryableStatusCodes
	}
	return v, true
}

// join is what several values have in common.
func join(vs []Val) Val {
	out := vs[0]
	related := false
	for _, v := range vs {
		related = related || v.Related
	}
	for _, v := range vs[1:] {
		switch {
		case out.Kind == Bool && v.Kind == Bool && out.B == v.B:
		case out.Kind == Nil && v.Kind == Nil:
		case out.Kind == Int && v.Kind == Int && out.Exact && v.Exact && out.N == v.N:
		case out.Kind == Err && v.Kind == Err:
			if out.Hook != v.Hook {
				return unknown(true) // backoff.Permanent(err) on one way, err on another
			}
			if out.Class != v.Class || out.Sentinel != v.Sentinel || !sameType(out.Dyn, v.Dyn) {
				out = Val{Kind: Err, Class: ErrAny, Foreign: out.Foreign && v.Foreign}
			}
			out.Foreign = out.Foreign && v.Foreign
			if out.HasText && (!v.HasText || out.S != v.S) {
				out.S, out.HasText = "", false // errors.New("a") one way, "b" another
			}
		default:
			return unknown(true)
		}
	}
	if out.Kind == Bool && out.B == catalog.TriUnknown {
		return unknown(related)
	}
	return out
}
