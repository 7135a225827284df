package nonidempotent

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"

	"golang.org/x/tools/go/ssa"
)

// A service's client often builds its requests in one method and sends
// them through one helper that checks the answer:
//
//	func (c *Client) send(req *http.Request) error {
//		resp, err := c.HTTP.Do(req)
//		...
//	}
//	func (c *Client) PostJSON(ctx context.Context, path string, v any) error {
//		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, c.URL+path, body)
//		return c.send(req) // an HTTP POST: PostJSON gets the effect
//	}
//
// The helper cannot know the method; its caller can. A function that
// hands a request parameter, unchanged, to a catalogued send (Client.Do)
// or to another such function is a sender of that argument, and a call
// of it is read as a send of the request it is given. A sender that sends
// inside its own retry (a doWithRetry(req) helper) retries the request
// it is given: its call is reported like a retrying client's. Senders of
// other packages are known by their SenderFact.

// SenderFact is exported for a function that sends the request it is
// given in argument Param (the receiver not counted); Retries when it
// sends it inside a retry of its own.
type SenderFact struct {
	Param   int
	Retries bool
}

func (*SenderFact) AFact() {}

// String renders the fact for tests: sends(0), sends(0, retries).
func (f *SenderFact) String() string {
	if f.Retries {
		return fmt.Sprintf("sends(%d, retries)", f.Param)
	}
	return fmt.Sprintf("sends(%d)", f.Param)
}

// findSenders computes the package's senders, to a fixpoint (a sender
// may send through another), and exports their facts.
func (c *checker) findSenders() {
	c.senders = map[*types.Func]*SenderFact{}
	may := c.maySend()
	for changed := true; changed && may != nil; {
		changed = false
		for _, fi := range c.funcs {
			if _, ok := c.senders[fi.obj]; ok || !may[fi] {
				continue // a sender, or no send to find (index.go)
			}
			c.read.senders++
			if s := c.sendsParam(fi); s != nil {
				c.senders[fi.obj] = s
				changed = true
			}
		}
	}
	for _, fi := range c.funcs {
		if s := c.senders[fi.obj]; s != nil && fi.obj.Exported() {
			c.pass.ExportObjectFact(fi.obj, s)
		}
	}
}

// sendsParam returns the SenderFact of a function that hands one of its
// parameters to a send, or nil. The request sent is the parameter as the
// engine's value flow shows it, so a copy of the pointer counts:
//
//	attemptReq := req
//	resp, err := c.HTTPClient.Do(attemptReq) // sends req
//
// A retry whose tests of the request (its method, its key header, its
// body; requestGuard) on the way to the send or back round the loop let
// only the requests that may run twice go round again does not retry the
// others: the function sends them once.
//
// A function that sends it once and then again inside its retry is a
// retrying sender: the first attempt before the loop, the re-sends at
// the end of each round. A first send in a branch that returns (the
// methods it does not retry) leaves it a plain sender.
//
//	resp, err := c.HTTPClient.Do(req)
//	for try := 0; try < 3; try++ {
//		if err == nil && resp.StatusCode < 500 { break }
//		time.Sleep(100 * time.Millisecond)
//		resp, err = c.HTTPClient.Do(req) // retried: Retries
//	}
func (c *checker) sendsParam(fi *funcInfo) *SenderFact {
	var out *SenderFact
	var first *ssa.Call // the send out was read from
	walkCalls(fi.decl.Body, true, func(call *ast.CallExpr, lits []*ast.FuncLit) {
		if out != nil && out.Retries {
			return
		}
		callee := analysisutil.AnyCallee(c.info, call)
		req, retries, ok := c.sendArg(call, callee)
		if !ok || req >= len(call.Args) {
			return
		}
		sites := c.attempt(call.Pos(), lits)
		if c.runsLater(lits) && len(sites) == 0 {
			return // sent by a callback that may never run
		}
		prm, in := c.paramSent(fi, call, call.Args[req], lits)
		if prm == nil {
			return
		}
		// A retry that lets no request that may not run twice go round
		// again (if !isIdempotent(attemptReq.Method) { return err })
		// sends those once.
		own := len(sites) > 0 && openGuard(c.requestGuard(sites, in, prm))
		retries = retries || own || c.clientSite(call) != nil
		switch {
		case out == nil:
			out, first = &SenderFact{Param: engine.ParamIndex(prm), Retries: retries}, in
		case retries && engine.ParamIndex(prm) == out.Param && engine.RunsAfter(first, in):
			out.Retries = true // the retry of the first attempt
		}
	})
	return out
}

// paramSent returns fi's request parameter that the send call sends,
// itself or passed on (a copy of the pointer, req.WithContext(ctx),
// req.Clone(ctx), retryablehttp.FromRequest(req), a helper that returns
// a copy of it, cloneRequest(req) in the package or a RequestFact's
// copier in another: requestMethod's lineage), and the call's
// instruction; nil when it sends another
// request, one built anew, or one it cannot tell.
func (c *checker) paramSent(fi *funcInfo, call *ast.CallExpr, e ast.Expr, lits []*ast.FuncLit) (*ssa.Parameter, *ssa.Call) {
	where := c.placeOf(fi.decl, lits, call)
	fn := c.eng.Func(fi.decl)
	v := c.eng.ValueOf(where.syntax(), e)
	if fn == nil || v == nil {
		return nil, nil
	}
	_, built, prm, ok := c.requestMethod(v, fi.decl)
	if !ok || prm == nil || len(built) > 0 || prm.Parent() != fn || engine.ParamIndex(prm) < 0 {
		return nil, nil // http.NewRequest(r.Method, ...) is a request of its own
	}
	return prm, c.call(where, call)
}

// sendArg returns the index of the request argument of a call that
// sends one: a catalogued send, or a sender of this package or another;
// retries when the sender retries it.
func (c *checker) sendArg(call *ast.CallExpr, callee *types.Func) (req int, retries, ok bool) {
	if callee == nil {
		return 0, false, false
	}
	if row := catalog.LookupHTTP(callee); row != nil {
		return row.Req, false, row.Role == catalog.HTTPSend
	}
	if s, _ := c.callSender(call, callee); s != nil {
		return s.Param, s.Retries, true
	}
	return 0, false, false
}

// sender returns the SenderFact of fn: the package's own, or imported.
func (c *checker) sender(fn *types.Func) *SenderFact {
	if fn == nil {
		return nil
	}
	if s, ok := c.senders[fn]; ok {
		return s
	}
	if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	if f := new(SenderFact); c.pass.ImportObjectFact(fn, f) {
		return f
	}
	return nil
}

// retryingSender returns the name of the sender a call hands its request
// to when that sender retries it, or ""; "" too for a RoundTrip that
// resends any request, reported at its own send (handed.go).
func (c *checker) retryingSender(call *ast.CallExpr) string {
	fn := analysisutil.AnyCallee(c.info, call)
	if s, fn := c.callSender(call, fn); s != nil && s.Retries && !c.resendsAny(fn) {
		return analysisutil.FuncName(fn, c.pass.Pkg)
	}
	return ""
}
