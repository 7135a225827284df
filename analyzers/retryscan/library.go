package retryscan

import (
	"time"

	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// calleeOf returns the function a call invokes, statically or through an
// interface method (failsafe-go's Executor, retrypolicy's Builder).
func (s *scanner) calleeOf(call *ast.CallExpr) *types.Func {
	return analysisutil.AnyCallee(s.info, call)
}

// callSite returns the retry site a call is (a catalogued library entry
// point, a client that retries inside), or nil. Calls of wrappers are
// found by wrapperSite, calls of retriers later, once summaries are known.
func (s *scanner) callSite(fn ast.Node, call *ast.CallExpr, callee *types.Func) *Site {
	if row := catalog.LookupRetry(callee); row != nil {
		switch row.Role {
		case catalog.RoleLoop:
			return s.librarySite(fn, call, callee, row)
		case catalog.RoleClient:
			return s.clientSite(fn, fn, call, callee, row, s.receiver(call))
		}
		return nil // polls are not retries
	}
	if row := catalog.LookupAWSOperation(callee); row != nil {
		// The client and the call's own options: optFns of v2's
		// SendMessage(ctx, in, optFns...), opts of v1's
		// ListClustersPagesWithContext(ctx, in, fn, opts...).
		return s.clientSite(fn, fn, call, callee, row, append([]ast.Expr{s.receiver(call)}, variadicArgs(call, callee)...)...)
	}
	if row := catalog.LookupOpenAIOperation(callee); row != nil {
		return s.openaiSite(fn, call, callee, row)
	}
	if row := catalog.LookupRestyRequest(callee); row != nil {
		return s.restySite(fn, call, callee, row)
	}
	if sel := s.selection(call); sel != nil {
		if row := catalog.LookupRedisCommand(callee, sel.Recv(), sel.Index()); row != nil {
			// rdb.Set(ctx, k, v, 0): the client's MaxRetries, read where
			// it is built, as an AWS client's RetryMaxAttempts is.
			return s.clientSite(fn, fn, call, callee, row, s.receiver(call))
		}
	}
	if analysisutil.PkgPath(callee) == "net/http" && analysisutil.RecvName(callee) == "Client" {
		return s.standardClientSite(fn, call, callee)
	}
	if op := s.seamOperation(callee); op != nil {
		return s.callSite(fn, call, op) // an SDK client behind the package's own interface (seam.go)
	}
	return s.grpcSite(fn, call, callee)
}

// variadicArgs returns the arguments a call gives a function's variadic
// parameter, none when it has none.
func variadicArgs(call *ast.CallExpr, fn *types.Func) []ast.Expr {
	sig := fn.Type().(*types.Signature)
	if i := sig.Params().Len() - 1; sig.Variadic() && i < len(call.Args) {
		return call.Args[i:]
	}
	return nil
}

// wrapperSite returns the site of a call of a known retry wrapper, or
// nil. Unlike the other call sites it depends on the wrappers found so
// far, so findWrappers recomputes only this part on each round.
func (s *scanner) wrapperSite(fn ast.Node, call *ast.CallExpr, callee *types.Func) *Site {
	if w := s.wrapperOf(callee); w != nil && w.Param < len(call.Args) {
		site := &Site{kind: KindWrapper, node: call, name: analysisutil.FuncName(callee, s.pass.Pkg), callee: callee, fn: fn, classifierArg: -1}
		site.bound = s.wrapperBound(fn, w, call)
		site.bound.Ctx, site.bound.Time = w.Ctx, w.Time
		site.delay = known(Delay{Kind: catalog.DelayKind(w.DelayKind), Capped: catalog.Tri(w.Capped), Jittered: catalog.Tri(w.Jittered),
			Initial: time.Duration(w.Initial), Factor: w.Factor, Cap: time.Duration(w.Cap)})
		site.external = w.Module != "" && s.pass.Module != nil && w.Module != s.pass.Module.Path
		site.opExpr = call.Args[w.Param]
		s.resolveOp(site, fn)
		if w.Classifier > 0 && int(w.Classifier-1) < len(call.Args) {
			site.classifierArg = int(w.Classifier - 1) // classparam.go
		}
		if lit, ok := site.body.(*ast.FuncLit); ok && (w.Lib != "" || site.classifierArg >= 0) {
			// the literal is the operation of the library the wrapper
			// hands it to (wrapop.go), or of the wrapper's own loop,
			// which asks the classifier the call hands it (classparam.go)
			lib := w.Lib
			site.region = &lazy[*engine.Region]{compute: func() *engine.Region {
				if f := s.eng.Func(lit); f != nil {
					return s.eng.OpRegion(f, lib)
				}
				return nil
			}}
		}
		return site
	}
	return nil
}

// librarySite builds the site of a retry library call such as
// backoff.Retry(op, b), reading the bound from the options it can see.
func (s *scanner) librarySite(fn ast.Node, call *ast.CallExpr, callee *types.Func, row *catalog.Retry) *Site {
	site := &Site{kind: KindLibrary, node: call, name: row.Display, entry: row, callee: callee, fn: fn}
	var config []ast.Expr
	for i, a := range call.Args {
		if i == row.Op {
			site.opExpr = a
		} else {
			config = append(config, a)
		}
	}
	if recv := s.receiver(call); recv != nil {
		config = append(config, recv) // retry.New(opts...).Do(op), retrier.New(b, c).Run(op)
	}
	if site.opExpr == nil {
		return nil
	}
	s.resolveOp(site, fn)
	if lit, ok := site.body.(*ast.FuncLit); ok && (catalog.ErrorOperation(row.Pkg) || catalog.OptInOperation(row.Pkg) || catalog.ConditionOperation(row.Pkg) || row.Classifier != nil) {
		site.region = &lazy[*engine.Region]{compute: func() *engine.Region {
			if f := s.eng.Func(lit); f != nil {
				return s.eng.OpRegion(f, row.Pkg)
			}
			return nil
		}}
	}
	nodes := s.configNodes(fn, config...)
	unseen := s.unseenConfig(fn, config...)
	b, sawPolicy := s.boundWays(row, call, nodes, s.configWays(fn, nodes, config...), unseen)
	if !sawPolicy && needsPolicy(row) && !unseen && s.policyVisible(row, nodes) {
		return nil // gax.Invoke without WithRetry, failsafe.With(breaker): one attempt
	}
	if unseen && b.Evidence == nil {
		// Options from a parameter (retry.Do(op, opts...)): the count is
		// the caller's, not the library's default.
		b.Attempts = catalog.AttemptsUnknown
	}
	site.bound = b
	site.config = nodes
	site.delay = &lazy[Delay]{compute: func() Delay {
		if unseen {
			return s.refineDelay(site, Delay{Kind: catalog.DelayUnknown}, nodes)
		}
		return s.libraryDelay(site, nodes)
	}}
	s.capBound(site)
	s.optInOnce(site)
	return site
}

// unseenConfig reports whether part of a retry's configuration comes
// from where the engine cannot see: a parameter, an exported package
// variable, a field importers may set. Defaults then do not apply.
func (s *scanner) unseenConfig(fn ast.Node, exprs ...ast.Expr) bool {
	for _, e := range exprs {
		if e == nil || fn == nil {
			continue
		}
		if v := s.eng.ValueOf(fn, e); v != nil && s.unseenValues(v) {
			return true
		}
	}
	return false
}

// unseenValues is unseenConfig for values the engine found: the policies
// given a transport's constructor (transport.go).
func (s *scanner) unseenValues(vals ...ssa.Value) bool {
	for _, v := range vals {
		for _, leaf := range s.eng.ConfigOf(v).Leaves {
			if libraryConfigType(leaf.Type()) {
				return true
			}
		}
	}
	return false
}

// needsPolicy says a call retries only when an option asks it to.
func needsPolicy(row *catalog.Retry) bool {
	return strings.HasPrefix(row.Pkg, "github.com/googleapis/gax-go") || strings.HasPrefix(row.Pkg, "github.com/failsafe-go")
}

// policyVisible reports whether every policy of a call is visible, so
// that the absence of a retry policy among them means none exists.
func (s *scanner) policyVisible(row *catalog.Retry, nodes []ast.Node) bool {
	if strings.HasPrefix(row.Pkg, "github.com/googleapis/gax-go") {
		return true // options are the call's own arguments
	}
	for _, n := range nodes {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn := s.calleeOf(call); fn != nil && fn.Name() == "With" && analysisutil.PkgPath(fn) == row.Pkg {
				return !call.Ellipsis.IsValid()
			}
		}
	}
	return false
}

// clientSite builds the site of a call that retries inside, with the
// client's configuration read in the function cfgFn: fn, or where the
// client was built (a constructor that stored it in a field). Visible
// configuration that turns the retries off (RetryMax = 0, aws.NopRetryer,
// RetryMaxAttempts = 1) makes one attempt, which findSites drops; it
// returns nil when the package turns them off where this call cannot see.
func (s *scanner) clientSite(fn, cfgFn ast.Node, call *ast.CallExpr, callee *types.Func, row *catalog.Retry, config ...ast.Expr) *Site {
	// A package-level function (retryablehttp.Get) uses the library's
	// own default client, which the package cannot have configured.
	given := len(config) > 0 && config[0] != nil
	nodes := s.configNodes(cfgFn, config...)
	site := s.clientSiteOf(fn, call, callee, row, nodes, given, s.configWays(cfgFn, nodes, config...)...)
	if site == nil || !given || s.builtHere(site.config, row.Pkg) || s.callRetryer(cfgFn, callee, config) || !s.unseenConfig(cfgFn, config...) {
		return site
	}
	// A client whose construction the engine cannot see: a parameter of
	// the function that retries (unless its one caller in the package
	// builds it, policyparam.go), a field whose writes do not show how
	// it is built (a constructor's parameter, an exported field the
	// package never writes). Its count and its waits are its builder's,
	// not the library's defaults, as an option list's are in
	// librarySite; what the call itself sets (o.RetryMaxAttempts = 5)
	// still counts.
	//
	//	func send(ctx context.Context, c *retryablehttp.Client, req *retryablehttp.Request) { c.Do(req) } // attempts unknown
	//	func NewAgent(c *retryablehttp.Client) *Agent { return &Agent{api: c} }
	//	resp, err := a.api.Do(req) // attempts unknown
	if site.bound.Evidence == nil {
		site.bound.Attempts = catalog.AttemptsUnknown
	}
	site.unseen = true
	site.delay = &lazy[Delay]{compute: func() Delay { return s.refineDelay(site, Delay{Kind: catalog.DelayUnknown}, nodes) }}
	return site
}

// callRetryer reports whether an AWS operation's own options give it a
// retryer built in sight, which replaces the client's whatever it is:
//
//	c.SendMessage(ctx, in, func(o *sqs.Options) { o.Retryer = retry.NewStandard() })
func (s *scanner) callRetryer(fn ast.Node, callee *types.Func, config []ast.Expr) bool {
	return len(config) > 1 && catalog.LookupAWSOperation(callee) != nil && s.buildsStandardRetryer(s.configNodes(fn, config[1:]...))
}

// clientSiteOf is clientSite on the configuration's nodes, and those
// of each of its ways when its values merge several definitions
// (configWays); given says a client is configured somewhere (not the
// library's own default one), so that when the nodes show nothing the
// package may have turned its retries off out of sight.
func (s *scanner) clientSiteOf(fn ast.Node, call *ast.CallExpr, callee *types.Func, row *catalog.Retry, nodes []ast.Node, given bool, ways ...[]ast.Node) *Site {
	if row.Attempts != catalog.AWSDefaultTries && catalog.LookupAWSOperation(callee) != nil && s.buildsStandardRetryer(nodes) {
		std := *row
		std.Attempts = catalog.AWSDefaultTries // the client's own retryer replaces the service's
		row = &std
	}
	b, _ := s.boundWays(row, call, nodes, ways, false)
	unseen := given && b.Evidence == nil && !s.builtHere(nodes, row.Pkg)
	if unseen && s.retriesOffInPackage(row) {
		return nil
	}
	site := &Site{kind: KindClient, node: call, name: row.Display, entry: row, callee: callee, fn: fn, bound: b}
	site.config = nodes
	site.delay = &lazy[Delay]{compute: func() Delay { return s.libraryDelay(site, nodes) }}
	return site
}

// openaiSite: an openai-go request retries as its client and the call's
// options say. The service is a part of the client's value, reached by
// address (c.Chat.Completions.New(ctx, params)), which has no value of
// its own in the syntax: the call's receiver operand leads to the client
// and what built it (openai.NewClient(option.WithMaxRetries(0))).
func (s *scanner) openaiSite(fn ast.Node, call *ast.CallExpr, callee *types.Func, row *catalog.Retry) *Site {
	nodes := s.configNodes(fn, variadicArgs(call, callee)...)
	if in := s.eng.Call(s.eng.Func(fn), call); in != nil && len(in.Common().Args) > 0 {
		nodes = append(nodes, s.configNodesOf(in.Common().Args[0])...)
	}
	return s.clientSiteOf(fn, call, callee, row, nodes, true)
}

// restySite: a resty request retries only when its client has a retry
// count above zero, set where the client is built and seen from the call
// (a client kept in a field and configured elsewhere is not followed):
//
//	client := resty.New().SetRetryCount(3)
//	client.R().SetBody(order).Post(url)
func (s *scanner) restySite(fn ast.Node, call *ast.CallExpr, callee *types.Func, row *catalog.Retry) *Site {
	nodes := s.configNodes(fn, s.receiver(call))
	b, _ := s.evalBound(row, call, nodes)
	if b.Evidence == nil {
		// No retry count is seen on this request's client: resty
		// clients make one attempt unless told otherwise.
		return nil
	}
	return &Site{kind: KindClient, node: call, name: row.Display, entry: row, callee: callee, fn: fn, bound: b}
}

// builtHere reports whether the configuration includes the call of a
// constructor of pkg (resty.New()), so that what it configures is all
// visible.
func (s *scanner) builtHere(nodes []ast.Node, pkg string) bool {
	for _, n := range nodes {
		for _, it := range s.itemsOf(n) {
			if isConstructor(&it) && it.sym.Pkg == pkg {
				return true
			}
		}
	}
	return false
}

// standardClientSite recognizes an *http.Client that retries inside
// because it came from retryablehttp, here or in a helper of another
// package, or was given a catalogued retrying transport (transport.go):
//
//	hc := retryClient.StandardClient()
//	hc.Do(req)
func (s *scanner) standardClientSite(fn ast.Node, call *ast.CallExpr, callee *types.Func) *Site {
	if !s.httpCall(call) {
		return nil // not a request: CloseIdleConnections
	}
	recv := s.receiver(call)
	if recv == nil || !s.mayConfigure() {
		return nil // retryablehttp is neither imported nor behind a helper
	}
	for _, n := range s.configNodes(fn, recv) {
		for _, it := range s.itemsOf(n) {
			if tr := factTransport(&it); tr != nil {
				// A helper of another package built the client with a
				// retrying transport: its call holds the configuration.
				helper := it.node.(*ast.CallExpr)
				if !s.transportRetries(tr, call, s.configNodes(fn, helper)) {
					return nil
				}
				return s.clientSite(fn, fn, call, callee, tr.Row(), helper)
			}
			if it.kind != ItemCall || it.sym != standardClient {
				continue
			}
			c := it.node.(*ast.CallExpr)
			cfg := s.receiver(c) // the retryablehttp.Client
			if it.fact {
				cfg = c // the helper's call, which holds the client's configuration
			}
			r := catalog.Retry{Role: catalog.RoleClient, Op: -1, Attempts: 5, Ctx: -1, Display: standardClientRow}
			cfgFn := fn
			if c.Pos() < fn.Pos() || c.End() > fn.End() {
				cfgFn = s.funcOf(c) // written to a field by a constructor
			}
			return s.clientSite(fn, cfgFn, call, callee, &r, cfg)
		}
	}
	return s.catalogTransportSite(fn, call, callee)
}

// factTransport returns the catalogued retrying transport an item read
// from another package's ConfigFact builds, or nil.
func factTransport(it *cfgItem) *catalog.Transport {
	if it.fact {
		return itemTransport(it)
	}
	return nil
}

// itemTransport returns the catalogued retrying transport an item
// builds, by its type or its constructor, or nil.
func itemTransport(it *cfgItem) *catalog.Transport {
	switch it.kind {
	case ItemType:
		return catalog.LookupTransport(it.sym)
	case ItemCall:
		return catalog.LookupTransportCtor(it.sym)
	}
	return nil
}

// selection returns the method selection of a call, or nil.
func (s *scanner) selection(call *ast.CallExpr) *types.Selection {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return s.info.Selections[sel]
	}
	return nil
}

// receiver returns the receiver expression of a method call, or nil.
func (s *scanner) receiver(call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if selection, ok := s.info.Selections[sel]; ok && selection.Kind() == types.MethodVal {
		return sel.X
	}
	return nil
}

// resolveOp finds what the operation argument runs: a function literal
// (directly or through a local variable assigned once), or a named
// function or method value.
func (s *scanner) resolveOp(site *Site, fn ast.Node) {
	switch op := ast.Unparen(site.opExpr).(type) {
	case *ast.FuncLit:
		site.body = op
	case *ast.Ident:
		switch obj := s.info.ObjectOf(op).(type) {
		case *types.Func:
			site.op = obj.Origin()
		case *types.Var:
			if lit := s.localFuncLit(fn, op); lit != nil {
				site.body = lit
			}
		}
	case *ast.SelectorExpr:
		if f, ok := s.info.ObjectOf(op.Sel).(*types.Func); ok {
			site.op = f.Origin() // method value c.fetch, or pkg.Func
		}
	case *ast.IndexExpr: // generic function instantiation: fetch[T]
		if id, ok := ast.Unparen(op.X).(*ast.Ident); ok {
			if f, ok := s.info.ObjectOf(id).(*types.Func); ok {
				site.op = f.Origin()
			}
		}
	}
}

// localFuncLit returns the function literal a local variable holds when
// it is given exactly one value, a literal, in fn:
//
//	op := func() error { ... }
func (s *scanner) localFuncLit(fn ast.Node, id ast.Expr) *ast.FuncLit {
	if fn == nil || len(s.holdsLit(id)) == 0 {
		return nil
	}
	return s.eng.HeldLiteral(fn, id)
}

// holdsLit returns the function literals a variable is given somewhere
// in the package, read from syntax once: only a variable given one is
// worth asking the engine about.
func (s *scanner) holdsLit(id ast.Expr) []*ast.FuncLit {
	ident, ok := ast.Unparen(id).(*ast.Ident)
	if !ok {
		return nil
	}
	return s.litVars.get()[s.info.ObjectOf(ident)]
}

// readLitVars indexes holdsLit's answers, once.
func (s *scanner) readLitVars() map[types.Object][]*ast.FuncLit {
	vars := map[types.Object][]*ast.FuncLit{}
	mark := func(lhs []ast.Expr, rhs []ast.Expr) {
		for i, r := range rhs {
			if lit, ok := ast.Unparen(r).(*ast.FuncLit); ok && i < len(lhs) {
				if lid, ok := lhs[i].(*ast.Ident); ok {
					obj := s.info.ObjectOf(lid)
					vars[obj] = append(vars[obj], lit)
				}
			}
		}
	}
	for _, f := range s.pass.Files {
		analysisutil.EachAssign(f, mark)
	}
	return vars
}
