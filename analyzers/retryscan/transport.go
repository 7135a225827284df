package retryscan

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// An *http.Client retries inside when its Transport does: every request
// sent through Do, Get, Head, Post or PostForm goes through the
// transport's RoundTrip. Three kinds of transport are recognized where the
// package builds the client (engine.FieldValues, engine.Concrete: the
// Transport field of the client's literal or an assignment to it, in
// the function or in a helper of the package the client is handed to,
// followed through variables, fields and the package's constructors):
//
//	hc := &http.Client{Transport: &retryablehttp.RoundTripper{Client: rc}}   // a catalogued transport
//	hc := &http.Client{Transport: failsafehttp.NewRoundTripper(nil, rp)}      // one its constructor builds
//	hc := &http.Client{Transport: &retryTransport{base: http.DefaultTransport}}
//
//	func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
//		for i := 0; i < 3; i++ { ... t.base.RoundTrip(req) ... }   // a retry site: RoundTrip retries
//	}
//
// A catalogued transport (catalog.Transports) retries as the client in
// its field is configured, as retryablehttp's StandardClient does: its
// RetryMax = 0 makes one attempt, no layer; or, built by its constructor,
// as the policies given it say (ctorTransportSite). Any other transport type
// retries when its RoundTrip method does, as the package's summaries or
// another package's RetrierFact say. What the client's Transport holds
// that the package does not show (a parameter, an interface value from
// another package, http.DefaultTransport, the Transport of a client
// handed to another package's code, which may replace it) is unknown and
// makes no site;
// nor does a transport that wraps another one in a field and retries
// nothing itself (a logging or header-adding transport), whatever it
// wraps.

// transportValues returns the values of concrete type the Transport of
// the *http.Client recv may hold, as the package builds them.
func (s *scanner) transportValues(fn ast.Node, recv ast.Expr) []ssa.Value {
	var out []ssa.Value
	for _, h := range s.heldTransports(fn, recv) {
		vals, _ := s.eng.Concrete(h)
		out = append(out, vals...)
	}
	return out
}

// heldTransports returns the values stored to the Transport of the
// *http.Client recv, as the package builds it (engine.FieldValues).
func (s *scanner) heldTransports(fn ast.Node, recv ast.Expr) []ssa.Value {
	if fn == nil || recv == nil || !isHTTPClient(s.info.TypeOf(recv)) {
		return nil
	}
	v := s.eng.ValueOf(fn, recv)
	if v == nil {
		return nil
	}
	held, _ := s.eng.FieldValues(v, "Transport")
	return held
}

// catalogTransportSite returns the site of a request sent through a
// client whose Transport is a catalogued retrying transport, configured
// by the client in its field: the field set where the transport is
// built (or left nil: the library's defaults), or, for a transport made
// elsewhere, whatever configures the transport value itself.
func (s *scanner) catalogTransportSite(fn ast.Node, call *ast.CallExpr, callee *types.Func) *Site {
	for _, v := range s.transportValues(fn, s.receiver(call)) {
		tr := catalog.TransportOf(v.Type())
		if tr == nil {
			continue
		}
		if _, built := v.(*ssa.Alloc); !built {
			return s.clientSiteOf(fn, call, callee, tr.Row(), s.configNodesOf(v), true)
		}
		// A client in the field the package does not show (the
		// transport handed to another package's function) is given,
		// not the library's default.
		clients, seen := s.eng.FieldValues(v, tr.ClientField)
		return s.clientSiteOf(fn, call, callee, tr.Row(), s.configNodesOf(clients...), len(clients) > 0 || !seen)
	}
	return s.ctorTransportSite(fn, call, callee)
}

// ctorTransportSite returns the site of a request sent through a client
// whose Transport a catalogued constructor built (the transport's type
// is unexported), given a retry policy among its policies:
//
//	rp := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(2).Build()
//	hc := &http.Client{Transport: failsafehttp.NewRoundTripper(nil, rp)}
//	hc.Post(url, "application/json", body) // up to 3 attempts
//
// The policies are read as failsafe.With's are, through variables and
// the package's helpers (engine.ConfigOf): a retry policy whose count is
// not set makes the library's default, one set out of sight an unknown
// count. Policies with no retry policy seen among them (a circuit
// breaker, a timeout, a list handed in by a caller) make no site: the
// transport then may well send each request once.
func (s *scanner) ctorTransportSite(fn ast.Node, call *ast.CallExpr, callee *types.Func) *Site {
	for _, h := range s.heldTransports(fn, s.receiver(call)) {
		for _, src := range s.eng.Sources(h) {
			c, ok := src.(*ssa.Call)
			if !ok {
				continue
			}
			tr := catalog.TransportCtor(engine.Callee(c))
			if tr == nil {
				continue
			}
			var policies []ssa.Value
			for i := tr.Policies; engine.Arg(c, i) != nil; i++ {
				policies = append(policies, engine.Arg(c, i))
			}
			nodes := s.configNodesOf(policies...)
			if !s.transportRetries(tr, call, nodes) {
				continue
			}
			site := s.clientSiteOf(fn, call, callee, tr.Row(), nodes, true)
			if site != nil && site.bound.Evidence == nil && s.unseenValues(policies...) {
				site.bound.Attempts = catalog.AttemptsUnknown
			}
			return site
		}
	}
	return nil
}

// transportRetries reports whether a catalogued transport so configured
// retries: one configured by the client in its field always does (its
// RetryMax = 0 makes one attempt, which findSites drops), one its
// constructor builds only with a retry policy among its policies.
func (s *scanner) transportRetries(tr *catalog.Transport, call *ast.CallExpr, nodes []ast.Node) bool {
	if len(tr.Ctors) == 0 {
		return true
	}
	_, sawPolicy := s.evalBound(tr.Row(), call, nodes)
	return sawPolicy
}

// addTransportSites records, once the package's summaries are known,
// the requests sent through a client whose Transport is of a type whose
// RoundTrip method retries. It reports whether it added any: the
// summaries of the functions that send them then grow.
func (s *scanner) addTransportSites() bool {
	added := false
	s.eachNode(func(fn, n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok || s.siteAt[n] != nil || s.onceAt[n] != nil || !s.httpCall(call) {
			return
		}
		callee := s.calleeOf(call)
		if analysisutil.RecvName(callee) != "Client" {
			return // http.Get: the default client
		}
		if site := s.transportSite(fn, call, callee); site != nil {
			s.sites = append(s.sites, site)
			s.siteAt[n] = site
			added = true
		}
	})
	return added
}

// transportSite returns the site of a request sent through a client
// whose Transport's RoundTrip retries, with the bound of RoundTrip's
// first retry layer; of several transports the client may hold, the one
// that retries deepest.
func (s *scanner) transportSite(fn ast.Node, call *ast.CallExpr, callee *types.Func) *Site {
	var best []Hop
	var via *types.Func
	for _, v := range s.transportValues(fn, s.receiver(call)) {
		if catalog.TransportOf(v.Type()) != nil {
			continue // catalogTransportSite's
		}
		rt := roundTripOf(v.Type())
		if rt == nil {
			continue
		}
		if s.gatedRoundTrip(rt) {
			continue // retries some requests only: which, is not judged
		}
		if c := s.retrierChain(rt); Layers(c) > 0 && (best == nil || deeper(c, best)) {
			best, via = c, rt
		}
	}
	if via == nil {
		return nil
	}
	site := &Site{kind: KindClient, node: call, name: analysisutil.FuncName(via, s.pass.Pkg), callee: callee, fn: fn, transport: via}
	for i, h := range best {
		if h.Retry {
			site.bound = Bound{Attempts: int(h.Attempts)}
			site.below = best[i+1:]
			break
		}
	}
	return site
}

// gatedRoundTrip reports whether a transport's RoundTrip chooses by a
// test of the request whether to retry it (requestGated), read from its
// body in this package and from its RetrierFact in another.
func (s *scanner) gatedRoundTrip(rt *types.Func) bool {
	if fi := s.ownFunc(rt); fi != nil {
		return s.requestGated(fi)
	}
	if rt.Pkg() == s.pass.Pkg || s.std(rt.Pkg()) {
		return false
	}
	f := new(RetrierFact)
	return s.pass.ImportObjectFact(rt, f) && f.RequestGated
}

// requestGated reports whether a RoundTrip method tests its request in a
// condition: the transport then retries only some requests, the
// idempotent methods, those with a key header, what a helper given the
// request says, and the recognizer does not judge which:
//
//	if req.Method != http.MethodGet && req.Method != http.MethodHead {
//		return t.next.RoundTrip(req) // once
//	}
//
// Its context and its body are no such test: a transport that stops when
// the request is cancelled, or when it cannot rewind the body
// (req.GetBody == nil), retries every request http.NewRequest makes with
// a body it can replay (bytes, strings), POSTs included.
//
// Nor is it judged when a function value decides and is handed a
// request: rehttp's t.retry(Attempt{Request: req, ...}) may be
// RetryAll(RetryHTTPMethods("GET"), ...), which retries no POST.
func (s *scanner) requestGated(fi *funcInfo) bool {
	if fi.obj.Name() != "RoundTrip" || fi.decl.Body == nil {
		return false
	}
	params := fi.obj.Type().(*types.Signature).Params()
	if params.Len() != 1 {
		return false
	}
	req := params.At(0)
	return anyNode(fi.decl.Body, true, func(n ast.Node) bool {
		var conds []ast.Expr
		switch n := n.(type) {
		case *ast.CallExpr:
			return s.handsRequest(n)
		case *ast.IfStmt:
			conds = append(conds, n.Cond)
		case *ast.SwitchStmt:
			conds = append(conds, n.Tag)
		case *ast.CaseClause:
			conds = append(conds, n.List...)
		}
		for _, c := range conds {
			if c != nil && s.readsRequest(c, req) {
				return true
			}
		}
		return false
	})
}

// handsRequest reports a call of a function value (a field, a
// parameter, a variable) handed an *http.Request, as an argument or a
// field of a composite literal argument.
func (s *scanner) handsRequest(call *ast.CallExpr) bool {
	if _, ok := s.info.TypeOf(call.Fun).Underlying().(*types.Signature); !ok {
		return false // a conversion
	}
	if _, ok := typeutil.Callee(s.info, call).(*types.Func); ok {
		return false // a function or a method, t.next.RoundTrip(req) too
	}
	isReq := func(e ast.Expr) bool { return analysisutil.Named(s.info.TypeOf(e), "net/http", "Request") }
	for _, a := range call.Args {
		if isReq(a) {
			return true
		}
		if lit, ok := ast.Unparen(a).(*ast.CompositeLit); ok {
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					e = kv.Value
				}
				if isReq(e) {
					return true
				}
			}
		}
	}
	return false
}

// readsRequest reports whether e uses the request variable other than
// through its Context method, its Body or its GetBody.
func (s *scanner) readsRequest(e ast.Expr, req *types.Var) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Context" || sel.Sel.Name == "Body" || sel.Sel.Name == "GetBody") {
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && s.info.ObjectOf(id) == req {
				return false
			}
		}
		if id, ok := n.(*ast.Ident); ok && s.info.ObjectOf(id) == req {
			found = true
		}
		return !found
	})
	return found
}

// roundTripOf returns the RoundTrip method of a transport type, or nil.
func roundTripOf(t types.Type) *types.Func {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "RoundTrip")
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	if sig := fn.Type().(*types.Signature); sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return nil
	}
	return fn.Origin()
}
