package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// What bounds one attempt, read in the attempt body (a loop body, the
// operation's function literal, a named operation of this package):
//
//	actx, cancel := context.WithTimeout(ctx, 30*time.Second)  // TimeoutContext
//	defer cancel()
//	return call(actx)
//
//	client := &http.Client{Timeout: 10 * time.Second}        // TimeoutClient
//	resp, err := client.Do(req)                               // the one HTTP call of the attempt
//
// and, for retryablehttp, on the client's HTTPClient:
//
//	rc := retryablehttp.NewClient()
//	rc.HTTPClient.Timeout = 5 * time.Second                   // each attempt
//
// When the attempt body shows neither, the recognizer reads the
// functions of the package it calls, up to four calls down
// (attemptBounds): their context.WithTimeout, or the Timeout of the
// client of their HTTP call, bounds the attempt as if written in its
// body. A helper's client parameter is what the attempt's one call of
// the helper passes (passedClient, clientarg.go); a client whose Timeout
// cannot be seen (an exported field, the retrying function's parameter)
// leaves it unknown, and so does a chain of calls longer than that, and
// a function the caller hands in (handedattempt.go). A callee in another package that sets its own timeout is not
// seen. An attempt whose only calls that can wait are DNS lookups is
// bounded by the resolver (TimeoutSelf, selfbounded.go).

// attemptTimeout fills what bounds one attempt.
func (s *scanner) attemptTimeout(site *Site, w *WorstCase) {
	if site.kind == KindClient {
		if site.transport != nil {
			w.Timeout = TimeoutUnknown // what RoundTrip's own attempts run is not read
			return
		}
		if tr := catalog.TransportOfRow(site.entry); tr != nil && tr.AttemptTimeout != "" {
			w.AttemptTimeout, w.Timeout, w.TimeoutAt = s.transportAttemptTimeout(tr, site.config)
			return
		}
		if analysisutil.PkgPath(site.callee) == "net/http" || (site.entry != nil && site.entry.Pkg == retryHTTPPkg) {
			// A retryablehttp client built here (retryablehttp.NewClient())
			// has an HTTPClient with no Timeout unless one is set in sight.
			built := s.builtHere(site.config, retryHTTPPkg)
			w.AttemptTimeout, w.Timeout, w.TimeoutAt = s.timeoutIn(site.config, true, built)
			return
		}
		w.Timeout = TimeoutUnknown
		switch r := site.grpc; {
		case r != nil && len(r.handmade.names) > 0:
			if !r.middleware && !r.policy {
				s.interceptorTimeout(&r.handmade, w) // the interceptor's own attempts
			}
		case isGRPCCall(site.callee) && !s.perRetryTimeout():
			w.Timeout = TimeoutNone
		}
		return
	}
	body := site.BodyBlock()
	if body == nil && site.op != nil {
		if fi := s.byObj[site.op]; fi != nil {
			body = fi.decl.Body
		}
	}
	if body == nil {
		w.Timeout = TimeoutUnknown
		return
	}
	b := s.attemptBounds(site, body)
	ctxs, calls := b.ctxs, b.calls
	switch {
	case len(ctxs) > 0:
		w.Timeout, w.TimeoutAt = TimeoutContext, ctxs[0]
		for _, c := range ctxs {
			d, ok := s.durationConst(c.Args[1])
			if !ok {
				w.AttemptTimeout = 0
				return
			}
			w.AttemptTimeout = max(w.AttemptTimeout, d)
		}
	case s.handsIn(site, body):
		w.Timeout = TimeoutUnknown // the caller's function: bounded where it is written (handedattempt.go)
	case len(calls) == 1:
		recv := s.receiver(calls[0])
		if recv == nil { // http.Get: the DefaultClient, no timeout
			w.Timeout = TimeoutNone
			return
		}
		// The function the call is written in, a literal too: the
		// closure a library retry runs reads its client as a captured
		// variable (retry.Do(func() error { ... hc.Do(req) ... })).
		fn := s.enclosingFunc(calls[0])
		fn, recv = s.passedClient(b.via, fn, recv) // a helper's parameter: what the attempt passes
		if obj := analysisutil.ObjectOf(s.info, recv); obj != nil && analysisutil.PkgPath(obj) == "net/http" && obj.Name() == "DefaultClient" {
			w.Timeout = TimeoutNone
			return
		}
		nodes := s.configNodes(fn, recv)
		w.AttemptTimeout, w.Timeout, w.TimeoutAt = s.timeoutIn(nodes, true, false)
	case len(calls) > 1:
		w.Timeout = TimeoutUnknown
	case len(b.unread) > 0:
		w.Timeout = TimeoutUnknown // a function too far down may set one
	default:
		if c := s.selfBoundedAttempt(site, body); c != nil {
			w.Timeout, w.TimeoutAt = TimeoutSelf, c // a DNS lookup (selfbounded.go)
		}
	}
}

// attemptLevels is how many calls down attemptBounds reads the
// package's functions: as far as retrybudget looks for a deadline above
// the retry.
const attemptLevels = 4

// boundsFound is what may bound one attempt, read at one level of its
// calls.
type boundsFound struct {
	// ctxs: the context.WithTimeout calls whose context is passed on;
	// calls: the HTTP calls (httpCall).
	ctxs, calls []*ast.CallExpr
	// helpers: the package's functions called at this level, none that
	// retries itself (its timeouts are its own retry's); unread: those
	// still to read when the levels ran out.
	helpers, unread []*funcInfo
	// via: the calls of the attempt that run each helper, at every
	// level read (passedClient).
	via map[*funcInfo][]*ast.CallExpr
}

// attemptBounds reads what bounds one attempt: the attempt body, then,
// when it shows no timeout and no HTTP call, the package's functions it
// calls, level by level (attemptLevels), each once. The first level that
// shows either decides: the helper's own context.WithTimeout, or the
// Timeout of the client it sends with, bound the attempt as if written
// in its body.
//
//	for i := 0; i < 3; i++ {
//		if err = c.try(ctx, url); err == nil { // level 0: no timeout, no HTTP call
//			return nil
//		}
//		time.Sleep(time.Second)
//	}
//
//	func (c *client) try(ctx context.Context, url string) error {
//		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
//		resp, err := c.hc.Do(req) // level 1: the Timeout of c.hc bounds the attempt
//		...
//	}
//
// A helper that sets a timeout on one way only still bounds no attempt
// by less.
func (s *scanner) attemptBounds(site *Site, body *ast.BlockStmt) boundsFound {
	b := boundsFound{via: map[*funcInfo][]*ast.CallExpr{}}
	(&callWalk{site: site, visit: func(n ast.Node) bool {
		s.boundsIn(&b, n)
		return true
	}}).walk(body)
	read := map[*funcInfo]bool{}
	for level := 1; len(b.ctxs) == 0 && len(b.calls) == 0 && len(b.helpers) > 0; level++ {
		next := boundsFound{via: b.via}
		for _, fi := range b.helpers {
			if !read[fi] {
				read[fi] = true
				next.unread = append(next.unread, fi)
			}
		}
		if level > attemptLevels {
			return next
		}
		for _, fi := range next.unread {
			anyNode(fi.decl.Body, false, func(n ast.Node) bool {
				s.boundsIn(&next, n)
				return false
			})
		}
		next.unread = nil
		b = next
	}
	return b
}

// boundsIn adds what one node of an attempt holds to b.
func (s *scanner) boundsIn(b *boundsFound, n ast.Node) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		if call := s.withTimeout(n); call != nil {
			b.ctxs = append(b.ctxs, call)
		}
	case *ast.CallExpr:
		if s.httpCall(n) {
			b.calls = append(b.calls, n)
		}
		if fi := s.packageFunc(n); fi != nil && Layers(s.chains[fi.obj]) == 0 {
			b.helpers = append(b.helpers, fi)
			b.via[fi] = append(b.via[fi], n)
		}
	}
}

const retryHTTPPkg = "github.com/hashicorp/go-retryablehttp"

// importsGRPCRetry reports whether the package imports a catalogued
// gRPC retry interceptor's package (go-grpc-middleware v2's or v1's),
// without which it names none of its options.
func (s *scanner) importsGRPCRetry() bool {
	return slices.ContainsFunc(s.pass.Pkg.Imports(), func(p *types.Package) bool { return catalog.GRPCRetryPackage(p.Path()) })
}

// perRetryTimeout reports whether the package uses a per-attempt timeout
// of a gRPC retry interceptor (go-grpc-middleware's WithPerRetryTimeout),
// which may wrap a service config's retries: then what bounds one of
// their attempts is not known. Without it, nothing does: grpc-go's own
// retries run inside the call, on its one deadline.
func (s *scanner) perRetryTimeout() bool {
	if !s.importsGRPCRetry() {
		return false // the option is not named here
	}
	return slices.ContainsFunc(s.pass.Files, func(f *ast.File) bool {
		return anyNode(f, true, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return false
			}
			o := catalog.LookupGRPCOption(s.calleeOf(call))
			return o != nil && o.Role == catalog.GRPCPerRetryTimeout
		})
	})
}

// withTimeout returns the context.WithTimeout call of an assignment
// `ctx, cancel := context.WithTimeout(parent, d)` whose context is passed
// on, or nil.
func (s *scanner) withTimeout(as *ast.AssignStmt) *ast.CallExpr {
	if len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || len(call.Args) < 2 {
		return nil
	}
	fn := analysisutil.Callee(s.info, call)
	if catalog.ContextEffect(fn) != catalog.CtxDeadline || !strings.HasPrefix(fn.Name(), "WithTimeout") {
		return nil // WithDeadline takes a time, not a duration
	}
	c, ok := s.eng.Call(s.eng.Func(s.enclosingFunc(call)), call).(*ssa.Call)
	if !ok {
		return nil
	}
	if ctx := engine.Result(c, 0); ctx != nil && engine.Handed(ctx) {
		return call
	}
	return nil
}

// httpCall reports whether call sends a request with an *http.Client or
// a net/http package function.
func (s *scanner) httpCall(call *ast.CallExpr) bool {
	fn := analysisutil.Callee(s.info, call)
	if analysisutil.PkgPath(fn) != "net/http" {
		return false
	}
	switch fn.Name() {
	case "Do", "Get", "Head", "Post", "PostForm":
		r := analysisutil.RecvName(fn)
		return r == "Client" || r == ""
	}
	return false
}

// transportAttemptTimeout reads what bounds one attempt of a catalogued
// transport that gives each attempt a timeout of its own in a field
// (rehttp's PerAttemptTimeout) among its configuration nodes:
//
//	tr := rehttp.NewTransport(nil, rehttp.RetryAll(rehttp.RetryMaxRetries(9), ...), rehttp.ConstDelay(d))
//	tr.PerAttemptTimeout = 3 * time.Second // each attempt 3s
//
// The field unset on a transport its constructor builds in sight over
// no transport of its own (nil, http.DefaultTransport) bounds nothing;
// over another transport, which may bound its own sends, or built out
// of sight, the attempt is unknown.
func (s *scanner) transportAttemptTimeout(tr *catalog.Transport, nodes []ast.Node) (time.Duration, TimeoutKind, ast.Node) {
	bare := false
	for _, n := range nodes {
		for _, it := range s.itemsOf(n) {
			switch {
			case it.kind == ItemField && it.sym.Name == tr.AttemptTimeout && it.sym.Pkg == tr.Type.Pkg && it.sym.Recv == tr.Type.Recv:
				d, ok := s.durationConst(it.vals[0])
				if !ok {
					return 0, TimeoutUnknown, it.node
				}
				if d == 0 {
					continue // 0: no per-attempt timeout
				}
				return d, TimeoutContext, it.node
			case it.kind == ItemCall && !it.fact && catalog.LookupTransportCtor(it.sym) == tr && tr.Inner > 0:
				bare = s.noTransport(it.value(tr.Inner - 1))
			}
		}
	}
	if bare {
		return 0, TimeoutNone, nil
	}
	return 0, TimeoutUnknown, nil
}

// noTransport reports an inner transport that bounds nothing of its
// own: nil (the library's http.DefaultTransport) or http.DefaultTransport.
func (s *scanner) noTransport(e ast.Expr) bool {
	if e == nil {
		return false
	}
	if tv, ok := s.info.Types[e]; ok && tv.IsNil() {
		return true
	}
	obj := analysisutil.ObjectOf(s.info, e)
	return obj != nil && analysisutil.PkgPath(obj) == "net/http" && obj.Name() == "DefaultTransport"
}

// timeoutIn reads the Timeout of an *http.Client among configuration
// nodes: a literal's Timeout field or an assignment to it. With attempt
// set, any client in the nodes counts (the attempt's client, or
// retryablehttp's HTTPClient); without, only an assignment through a
// local variable (hc.Timeout = d on the client StandardClient returned).
// built says the client is known to start with no Timeout.
func (s *scanner) timeoutIn(nodes []ast.Node, attempt, built bool) (time.Duration, TimeoutKind, ast.Node) {
	for _, n := range nodes {
		switch n := n.(type) {
		case *ast.CompositeLit:
			// The literal of a client given a retrying transport in
			// place bounds the transport's RoundTrip, retries and all:
			// the whole retry, never one attempt. Any other client
			// literal (retryablehttp's HTTPClient) bounds one attempt.
			if !isHTTPClient(s.info.TypeOf(n)) || attempt == s.retryingTransportIn(n) {
				continue
			}
			built = true
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Timeout" {
						d, _ := s.durationConst(kv.Value)
						return d, TimeoutClient, kv
					}
				}
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Timeout" || i >= len(n.Rhs) || !isHTTPClient(s.info.TypeOf(sel.X)) {
					continue
				}
				if _, local := ast.Unparen(sel.X).(*ast.Ident); !attempt && !local {
					continue
				}
				d, _ := s.durationConst(n.Rhs[i])
				return d, TimeoutClient, n
			}
		}
	}
	if built {
		return 0, TimeoutNone, nil
	}
	return 0, TimeoutUnknown, nil
}

// retryingTransportIn reports an http.Client literal whose Transport is
// a catalogued retrying transport, built in place:
//
//	&http.Client{Transport: &retryablehttp.RoundTripper{Client: rc}, Timeout: 10 * time.Second}
func (s *scanner) retryingTransportIn(lit *ast.CompositeLit) bool {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); !ok || id.Name != "Transport" {
			continue
		}
		v := ast.Unparen(kv.Value)
		if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
			v = ast.Unparen(u.X)
		}
		for _, it := range s.itemsOf(v) {
			if itemTransport(&it) != nil {
				return true
			}
		}
		return s.heldRetryingTransport(kv.Value)
	}
	return false
}

// heldRetryingTransport reports a Transport value that the engine traces
// to a catalogued retrying transport (engine.Concrete through variables
// and the package's helpers): tr := rehttp.NewTransport(...) above the
// literal. Asked only of a name or a field read.
func (s *scanner) heldRetryingTransport(e ast.Expr) bool {
	switch ast.Unparen(e).(type) {
	case *ast.Ident, *ast.SelectorExpr:
	default:
		return false
	}
	fn := s.enclosingFunc(e)
	if fn == nil || !s.mayConfigure() {
		return false
	}
	v := s.eng.ValueOf(fn, e)
	if v == nil {
		return false
	}
	vals, _ := s.eng.Concrete(v)
	for _, c := range vals {
		if catalog.TransportOf(c.Type()) != nil {
			return true
		}
	}
	return false
}

func isHTTPClient(t types.Type) bool {
	n := namedOf(t)
	return n != nil && analysisutil.PkgPath(n.Obj()) == "net/http" && n.Obj().Name() == "Client"
}
