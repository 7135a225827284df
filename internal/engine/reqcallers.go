package engine

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// A helper handed a request has no context of its own, but its callers
// may show the one the request carries (mautrix/go#268: a client's
// execute helper, handed the request its method made with the caller's
// context, sleeps between attempts without asking whether it is done):
//
//	func (c *Client) execute(req *http.Request, retries int) (*http.Response, error) {
//		for {
//			resp, err := c.hc.Do(req) // fails at once once req.Context() is done
//			...
//			time.Sleep(backoff)
//		}
//	}
//	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
//	return c.execute(req, 3)
//
// A caller of the package that makes the request it hands the helper with
// a context that may be done (http.NewRequestWithContext(ctx, ...),
// req.WithContext(ctx), req.Clone(ctx), each written in the caller) shows
// that the helper's request has one: on that call the helper's attempts
// fail at once after the caller gives up. A request made with
// http.NewRequest, with context.Background(), handed in by the caller's
// own caller or returned by a helper says nothing.

// CallerRequestContexts returns the contexts that the package's calls of
// prm's function make the request they pass as prm with, each one that
// may be done (not Uncancellable, not nil). prm is a parameter of type
// *http.Request.
func (p *Program) CallerRequestContexts(prm *ssa.Parameter) []ssa.Value {
	fn := prm.Parent()
	i := slices.Index(fn.Params, prm)
	if i < 0 {
		return nil
	}
	var out []ssa.Value
	for _, f := range p.allFuncs() {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				call, ok := in.(ssa.CallInstruction)
				if !ok || call.Common().IsInvoke() || call.Common().StaticCallee() != fn || i >= len(call.Common().Args) {
					continue
				}
				for _, src := range p.SourcesIn(call.Common().Args[i], nil) {
					if src.In != nil {
						continue // made by a helper: its context is the helper's parameter
					}
					ctx := requestMadeWith(src.Value)
					if ctx == nil || ctx.Parent() != f {
						continue
					}
					if _, isConst := ctx.(*ssa.Const); isConst || Uncancellable(ctx) {
						continue
					}
					out = append(out, ctx)
				}
			}
		}
	}
	return out
}

// requestMadeWith returns the context argument of the call that makes
// the request v: http.NewRequestWithContext(ctx, ...), req.WithContext(ctx)
// or req.Clone(ctx); nil for any other value.
func requestMadeWith(v ssa.Value) ssa.Value {
	if e, ok := v.(*ssa.Extract); ok && e.Index == 0 {
		v = e.Tuple
	}
	c, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	fn := Callee(c)
	switch {
	case analysisutil.IsFunc(fn, "net/http", "", "NewRequestWithContext"):
		return Arg(c, 0)
	case analysisutil.IsFunc(fn, "net/http", "Request", "WithContext"), analysisutil.IsFunc(fn, "net/http", "Request", "Clone"):
		return Arg(c, 0) // after the receiver
	}
	return nil
}
