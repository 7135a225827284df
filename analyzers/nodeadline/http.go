package nodeadline

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// HTTP requests and dials that nothing bounds. A request is bounded by
// its context's deadline or by the client's Timeout; the analyzer reports
// only when it sees both missing:
//
//	req, _ := http.NewRequest("GET", url, nil)  // context.Background()
//	resp, err := http.DefaultClient.Do(req)     // Timeout 0
//
//	c := &http.Client{Transport: t}             // no Timeout
//	resp, err := c.Do(req)
//
// A client from a field, a parameter or a constructor the catalog does
// not know is assumed to have a Timeout.

const httpFamily = "an HTTP request on a client with no Timeout"

// httpDo checks client.Do(req). With report false it only records a
// summary when the request's context is a parameter.
func (c *checker) httpDo(s site, fn *types.Func, report bool) {
	sel, ok := ast.Unparen(s.call.Fun).(*ast.SelectorExpr)
	if !ok || len(s.call.Args) != 1 || !c.asks(s.fi, report) {
		return
	}
	in := c.instr(s)
	if in == nil {
		return
	}
	t := c.tracer(s.fi)
	clients, ok := c.noTimeoutAt(s.fi, s.call, engine.Recv(in), "Timeout")
	if !ok {
		if f := t.recvField(engine.Recv(in)); f != nil && s.fn == ast.Node(s.fi.decl) && c.fieldAsMade(t, f) {
			// c.HTTP.Do(req) in a method: its caller knows the client,
			// when nothing of the package changes it (fieldclient.go).
			if st := t.ctx(engine.Arg(in, 0), nil); st.kind == param {
				c.reach(s.fi, s.call, st, hop{name: "http.Client.Do", fact: &ReachFact{Param: -1, Family: httpFamily, Field: f.Name()}}, false)
			}
		}
		return
	}
	st := t.ctx(engine.Arg(in, 0), nil)
	switch st.kind {
	case param:
		c.reach(s.fi, s.call, st, hop{name: "http.Client.Do", fact: &ReachFact{Param: -1, Family: httpFamily}}, false)
	case noDeadline:
		if !report {
			return
		}
		c.httpReport(s.fi, s.call, sel, clients, st.origin, fmt.Sprintf("%s sends a request with no deadline", types.ExprString(s.call.Fun)))
	}
}

// httpShortcut checks http.Get(url) and client.Get(url): no context at
// all, so only the client's Timeout can bound the request.
func (c *checker) httpShortcut(s site, fn *types.Func) {
	call, fi := s.call, s.fi
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil { // http.Get: http.DefaultClient
		where, ok := c.where(fi, call)
		if !ok {
			return
		}
		c.report(s.fi, analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(), Category: "http-default",
			Message: fmt.Sprintf("http.%s uses http.DefaultClient, which has no timeout: %s; use a client with Timeout or a request context with a deadline",
				fn.Name(), where.wait("the request can wait forever", "can wait forever")),
		})
		return
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	in := c.instr(s)
	if in == nil {
		return
	}
	if clients, ok := c.noTimeoutAt(fi, call, engine.Recv(in), "Timeout"); ok {
		c.httpReport(fi, call, sel, clients, nil, fmt.Sprintf("%s sends a request with no context", types.ExprString(call.Fun)))
	}
}

func (c *checker) httpReport(fi *funcInfo, call *ast.CallExpr, sel *ast.SelectorExpr, clients []ast.Node, reqOrigin *ast.CallExpr, what string) {
	where, ok := c.where(fi, call)
	if !ok {
		return
	}
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: "http-client",
		Message: fmt.Sprintf("%s on %s: %s; set the client's Timeout or make the request with a context from context.WithTimeout",
			what, clientsWord(clients), where.wait("the request can wait forever", "can wait forever")),
	}
	for _, client := range clients {
		switch {
		case client.Pos() >= sel.Pos() && client.Pos() < sel.End():
		case isPassed(client):
			d.Related = append(d.Related, related(client, "the client is passed to "+client.(passedAt).callee+" here")...)
		default:
			d.Related = append(d.Related, related(client, "the client is made here, without Timeout")...)
		}
	}
	if reqOrigin != nil {
		d.Related = append(d.Related, related(reqOrigin, "the request's context is made here, with no deadline")...)
	}
	c.report(fi, d)
}

// clientsWord names the clients a request may be sent on: all of them
// http.DefaultClient, none of them, or both kinds (a variable that is
// http.DefaultClient on one path and a literal on another).
func clientsWord(clients []ast.Node) string {
	if via := passedVia(clients); len(via) > 0 {
		return clientsWord(slices.DeleteFunc(slices.Clone(clients), isPassed)) + " and passed in via " + strings.Join(via, " -> ")
	}
	dflt := 0
	for _, n := range clients {
		if s, ok := n.(*ast.SelectorExpr); ok && types.ExprString(s) == "http.DefaultClient" {
			dflt++
		}
	}
	switch {
	case dflt == 0:
		return "a client made without Timeout"
	case dflt == len(clients):
		return "http.DefaultClient, which has no timeout"
	}
	return "http.DefaultClient or a client made without Timeout"
}

// firstNode returns the first of the nodes, nil when there are none.
func firstNode(nodes []ast.Node) ast.Node {
	if len(nodes) == 0 {
		return nil
	}
	return nodes[0]
}

// Dials without a timeout wait for the operating system's connect
// timeout, minutes rather than forever, so they are reported only inside
// retry sites, where every attempt should be bounded.

// dial checks net.Dial, tls.Dial, and Dial on a zero net.Dialer.
func (c *checker) dial(fi *funcInfo, call *ast.CallExpr, fn *types.Func, dialer ast.Node) {
	where, ok := c.where(fi, call)
	if !ok || where.site == "" {
		return
	}
	what := analysisutil.FuncName(fn, c.pass.Pkg)
	if fn.Pkg() != nil {
		what = fn.Pkg().Name() + "." + fn.Name()
	}
	if dialer != nil {
		what = types.ExprString(call.Fun) + " on a net.Dialer with no Timeout"
	}
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: "dial",
		Message: fmt.Sprintf("%s has no timeout: %s; use net.DialTimeout or a net.Dialer with Timeout",
			what, where.wait("", "can wait for the operating system's connect timeout (minutes)")),
	}
	d.Related = related(dialer, "the dialer is made here, without Timeout")
	c.report(fi, d)
}

// dialContext checks d.DialContext(ctx, ...) where neither the context
// nor the dialer has a deadline.
func (c *checker) dialContext(s site) {
	call := s.call
	if _, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); !ok || len(call.Args) == 0 {
		return
	}
	where, ok := c.where(s.fi, call)
	if !ok || where.site == "" {
		return
	}
	in := c.instr(s)
	if in == nil {
		return
	}
	t := c.tracer(s.fi)
	dialers, ok := t.noTimeout(engine.Recv(in), "Timeout", "Deadline", "NetDialer")
	if !ok {
		return
	}
	st := t.ctx(engine.Arg(in, 0), nil)
	if st.kind != noDeadline {
		return
	}
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: "dial",
		Message: fmt.Sprintf("%s reaches %s on a dialer with no Timeout: %s; set the dialer's Timeout or derive the context with context.WithTimeout",
			origin(st), types.ExprString(call.Fun),
			where.wait("", "can wait for the operating system's connect timeout (minutes)")),
	}
	for _, dialer := range dialers {
		d.Related = append(d.Related, related(dialer, "the dialer is made here, without Timeout")...)
	}
	d.Related = append(d.Related, c.originRelated(call, st)...)
	c.report(s.fi, d)
}

// sqlNoCtx checks database/sql calls without a context inside a retry
// site: db.Query uses context.Background(), so no attempt can be bounded.
func (c *checker) sqlNoCtx(fi *funcInfo, call *ast.CallExpr, fn *types.Func, twin string) {
	where, ok := c.where(fi, call)
	if !ok || where.site == "" {
		return
	}
	c.report(fi, analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: "sql-noctx",
		Message: fmt.Sprintf("%s takes no context: %s and nothing can cancel it; use %s with a context from context.WithTimeout",
			types.ExprString(call.Fun), where.wait("", "can wait as long as the database does"), twin),
	})
}
