package nonidempotent

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A transport or a reverse proxy is handed the request it sends, and
// does not choose its method: its retry resends whatever the caller's
// request is, POSTs and PATCHes included (moonrhythm/parapet#76):
//
//	func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
//		for i := 0; i < 3; i++ {
//			resp, err := t.next.RoundTrip(req) // reported
//	...
//	func (m *Upstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
//		for i := 0; i <= m.Retries; i++ {
//			resp, err = m.Transport.RoundTrip(r) // reported
//
// The request is handed when the function that sends it, or builds the
// request it sends (r.Clone(ctx), http.NewRequest(r.Method, ...),
// out.Method = r.Method), has it as the request parameter of a RoundTrip
// method or of a handler (func(http.ResponseWriter, *http.Request)):
// its callers are net/http's, out of sight, so the send is the one place
// the defect shows. A helper handed a request by the package's own code
// (doWithRetry(req)) is judged at those calls, where the method is seen
// (sender.go). The send is not reported when every path to it, or to
// the count its loop is given, passes a test of the request's method, of
// its idempotency-key header or of its body that lets no request with a
// body, no key and a method that is not idempotent through (the
// engine's MethodGuard of the request, engine.RequestMethod):
//
//	if !canRetry(r) { // r.Body == nil ... switch r.Method { case GET, HEAD: return true }
//		retries = 0
//	}
//
// One defect, one finding: a request the package sends through a client
// whose transport is reported here, or hands to such a RoundTrip, is not
// reported again at its POST (clientSite, retryingSender); other
// packages learn it from the RoundTrip's ResendFact.

// ResendFact is exported for a function whose retry resends the request
// it is handed whatever its method, reported at its send.
type ResendFact struct{}

func (*ResendFact) AFact() {}

// String renders the fact for tests.
func (*ResendFact) String() string { return "resends" }

// findHanded finds the sends in a retry of a request a RoundTrip method
// or a handler is handed, to report in check, and exports the
// ResendFact of the functions whose request it is.
func (c *checker) findHanded() {
	c.resends = map[*types.Func]bool{}
	c.handed = map[*ast.CallExpr]string{}
	if len(c.res.Sites()) == 0 {
		return // a handed request is sent in a retry site
	}
	for _, fi := range c.funcs {
		if fi.callsWhat&callsHTTPSend == 0 {
			continue // handedRetry asks only about a catalogued send
		}
		c.read.handed++
		c.at.Func(fi.decl)
		walkCalls(fi.decl.Body, false, func(call *ast.CallExpr, lits []*ast.FuncLit) {
			c.at.At(call.Pos())
			who, prm := c.handedRetry(fi, call, lits)
			if who == "" {
				return
			}
			c.handed[call] = who
			if prm.Parent() == c.eng.Func(fi.decl) && !c.resends[fi.obj] {
				c.resends[fi.obj] = true
				c.pass.ExportObjectFact(fi.obj, new(ResendFact))
			}
		})
	}
}

// handedRetry returns who retries a send of the request the parameter
// prm is handed whatever its method ("retry", a client that retries
// inside), or "".
func (c *checker) handedRetry(fi *funcInfo, call *ast.CallExpr, lits []*ast.FuncLit) (string, *ssa.Parameter) {
	row := catalog.LookupHTTP(analysisutil.AnyCallee(c.info, call))
	if row == nil || row.Role != catalog.HTTPSend || row.Req >= len(call.Args) {
		return "", nil
	}
	sites := c.attempt(call.Pos(), lits)
	if slices.ContainsFunc(sites, (*retryscan.Site).RequestVerdict) {
		return "", nil // a function value handed the request decides: it may retry GETs only
	}
	who := "retry"
	if len(sites) == 0 {
		client := c.clientSite(call)
		if client == nil {
			return "", nil
		}
		who = client.Name()
	}
	where := c.placeOf(fi.decl, lits, call)
	v := c.eng.ValueOf(where.syntax(), call.Args[row.Req])
	if v == nil {
		return "", nil
	}
	_, _, prm, ok := c.requestMethod(v, fi.decl)
	if !ok || prm == nil || !handsRequest(prm) || c.hasKey(v, fi.decl) {
		return "", nil
	}
	if !openGuard(c.requestGuard(sites, c.call(where, call), prm)) {
		return "", nil
	}
	return who, prm
}

// requestGuard returns what the paths to the send in of the request
// parameter prm, and the retry sites around it, let the request be: the
// branches on its method, its idempotency-key header or its body on the
// way to the send, and those that leave the loop after it (the engine's
// MethodGuard of the request).
func (c *checker) requestGuard(sites []*retryscan.Site, in *ssa.Call, prm *ssa.Parameter) *engine.MethodGuard {
	subj := engine.RequestMethod(prm, c.isKeyHeader)
	g := c.eng.GuardAt(outermost(in, prm.Parent()), subj)
	if len(sites) > 0 {
		g = g.And(c.retriedFor(sites, in, subj))
	}
	return g
}

// handsRequest reports a request parameter of a function whose callers
// are net/http's: a RoundTrip method, a handler.
func handsRequest(prm *ssa.Parameter) bool {
	fn := prm.Parent()
	sig := fn.Signature
	params := fn.Params
	if sig.Recv() != nil {
		params = params[1:]
	}
	switch {
	case len(params) == 1 && params[0] == prm && sig.Recv() != nil && fn.Name() == "RoundTrip" && sig.Results().Len() == 2:
		return true
	case len(params) == 2 && params[1] == prm && analysisutil.Named(params[0].Type(), "net/http", "ResponseWriter"):
		return true
	}
	return false
}

// outermost returns the instruction of fn that holds in: in itself, or
// the closure of the function literal in runs in.
func outermost(in ssa.Instruction, fn *ssa.Function) ssa.Instruction {
	if in == nil {
		return nil
	}
	inner := in.Parent()
	if inner == fn {
		return in
	}
	for inner != nil && inner.Parent() != fn {
		inner = inner.Parent()
	}
	if inner == nil {
		return nil
	}
	for _, b := range fn.Blocks {
		for _, x := range b.Instrs {
			for _, op := range x.Operands(nil) {
				if op != nil && *op == ssa.Value(inner) {
					return x
				}
			}
		}
	}
	return nil
}

// resendsAny reports a function whose retry resends the request it is
// handed whatever its method: reported at its send, and not again at
// the requests that reach it.
func (c *checker) resendsAny(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	if fn.Pkg() == c.pass.Pkg {
		return c.resends[fn]
	}
	return fn.Pkg() != nil && c.pass.ImportObjectFact(fn, new(ResendFact))
}

// reportHanded reports a send found by findHanded.
func (c *checker) reportHanded(call *ast.CallExpr, who string) {
	c.rep.Report(analysis.Diagnostic{Pos: call.Pos(), Category: kindHTTP.category(),
		Message: who + " resends the caller's request whatever its method: a POST or PATCH that timed out may run twice; retry only idempotent methods or requests with an Idempotency-Key"})
}
