package nonidempotent

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
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
	for changed := true; changed; {
		changed = false
		for _, fi := range c.funcs {
			if _, ok := c.senders[fi.obj]; ok {
				continue
			}
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
// parameters to a send, or nil.
func (c *checker) sendsParam(fi *funcInfo) *SenderFact {
	params := map[types.Object]int{}
	sig := fi.obj.Type().(*types.Signature)
	for i := range sig.Params().Len() {
		params[sig.Params().At(i)] = i
	}
	var out *SenderFact
	walkCalls(fi.decl.Body, true, func(call *ast.CallExpr, lits []*ast.FuncLit) {
		if out != nil {
			return
		}
		callee := analysisutil.AnyCallee(c.info, call)
		req, retries, ok := c.sendArg(call, callee)
		if !ok || req >= len(call.Args) {
			return
		}
		id, isIdent := ast.Unparen(call.Args[req]).(*ast.Ident)
		if !isIdent {
			return
		}
		p, isParam := params[c.info.Uses[id]]
		if !isParam || c.runsLater(lits) && len(c.attempt(call.Pos(), lits)) == 0 {
			return // not the parameter, or sent by a callback that may never run
		}
		retries = retries || len(c.attempt(call.Pos(), lits)) > 0 || c.clientSite(call) != nil
		out = &SenderFact{Param: p, Retries: retries}
	})
	return out
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
	if s := c.sender(callee); s != nil {
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
	if s := c.sender(fn); s != nil && s.Retries && !c.resendsAny(fn) {
		return analysisutil.FuncName(fn, c.pass.Pkg)
	}
	return ""
}
