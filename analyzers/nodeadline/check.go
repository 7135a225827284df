package nodeadline

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
	"github.com/retrylint/retrylint/internal/report"
)

type checker struct {
	pass  *analysis.Pass
	cfg   *Config
	res   *retryscan.Result
	at    *analysisutil.Crumb
	rep   *report.Reporter
	p     *engine.Program
	funcs []*funcInfo
	sums  map[*types.Func]*summary
	frees map[*types.Func]*freeSum // helpers making a context-free call (noctx.go)
	// The calls of the package's functions, for client parameters
	// (clientparam.go): computed on the first question.
	calls      map[*types.Func][]site
	escapes    map[*types.Func]bool
	ifaceNames map[string]bool
	inParam    map[*types.Func]bool
	litTracers map[*ssa.Function]*tracer
	// kept is shared by the package's tracers (tracer.kept).
	kept  map[*ssa.Store]bool
	roots *bool // makesRoots, computed once
	// harness: the files that are test harness code, reported like a test
	// file; held: findings of examples and commands (policy.go).
	harness map[*token.File]bool
	held    map[*ast.FuncDecl][]analysis.Diagnostic
	// conns: the findings of connections, one per read or write
	// however many dials make the connection (conn.go).
	conns map[token.Pos]*connReport
	// mainFuncs: the functions of package main that only main runs,
	// computed on the first question (mainonly.go).
	mainFuncs map[*types.Func]bool
	// wrapped: the gRPC client methods a wrapper the package imports
	// bounds; impls: the package's types that may be wrappers; outs,
	// recorded only when there are some: whether each outbound call of
	// a function of the package is bounded (wrapper.go).
	wrapped wrappedSet
	impls   []*types.Named
	outs    map[*types.Func]*outs
}

type funcInfo struct {
	decl *ast.FuncDecl
	obj  *types.Func
	// carries: the function has a context or request parameter, from
	// which a summary may come.
	carries bool
	tr      *tracer // made on the first question
}

// site is a call the analyzer looks at, and the function syntax whose
// SSA holds it: the declaration, a function literal, or the body of a
// range-over-func loop.
type site struct {
	fi   *funcInfo
	fn   ast.Node
	call *ast.CallExpr
}

// tracer returns the function's tracer. It is the first question asked
// of the engine: SSA is built only in packages with a call worth asking
// about.
func (c *checker) tracer(fi *funcInfo) *tracer {
	if fi.tr == nil {
		fi.tr = c.newTracer(c.p.Func(fi.decl))
	}
	return fi.tr
}

func (c *checker) newTracer(fn *ssa.Function) *tracer {
	t := newTracer(c.p, fn, c.resultOf)
	t.param = c.clientParam
	t.results = c.results
	t.hands = c.hands
	t.kept = c.kept
	return t
}

// instr returns the call instruction of a site, or nil: for a method
// expression (T.M(recv, args...)), whose arguments are shifted by one
// against the method's parameters, too.
func (c *checker) instr(s site) ssa.CallInstruction {
	if analysisutil.IsMethodExpr(c.pass.TypesInfo, s.call) {
		return nil
	}
	c.tracer(s.fi)
	return c.p.Call(c.p.Func(s.fn), s.call)
}

// arg returns the state of the context or request a site passes as
// argument i (the receiver not counted).
func (c *checker) arg(s site, i int) state {
	in := c.instr(s)
	if in == nil {
		return state{}
	}
	return c.tracer(s.fi).ctx(engine.Arg(in, i), nil)
}

// asks reports whether the state of a context at a call of fi can
// matter: a finding when report is set, else only a summary of a
// function that has a context or request parameter and none yet.
func (c *checker) asks(fi *funcInfo, report bool) bool {
	return report || (fi.carries && c.sums[fi.obj] == nil)
}

// scan visits the calls of one function, nested function literals
// included: with report false it only computes the function's summary.
func (c *checker) scan(fi *funcInfo, report bool) {
	c.at.Func(fi.decl)
	ast.PreorderStack(fi.decl.Body, []ast.Node{fi.decl}, func(n ast.Node, stack []ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			c.at.At(call.Pos())
			c.call(site{fi: fi, fn: c.enclosing(stack), call: call}, report)
		}
		return true
	})
}

// enclosing returns the innermost function syntax of the stack of a
// node: a literal, the body of a range-over-func loop, the declaration.
func (c *checker) enclosing(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i > 0; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncLit:
			return n
		case *ast.RangeStmt:
			if t := c.pass.TypesInfo.TypeOf(n.X); t != nil && i+1 < len(stack) && stack[i+1] == n.Body {
				if _, ok := t.Underlying().(*types.Signature); ok {
					return n
				}
			}
		}
	}
	return stack[0]
}

func (c *checker) call(s site, report bool) {
	info := c.pass.TypesInfo
	call, fi := s.call, s.fi
	fn := analysisutil.AnyCallee(info, call)
	if fn == nil {
		return
	}
	own := fn.Pkg() == c.pass.Pkg // a package implementing its own context-free API
	if report {
		c.freeCall(s, fn)
	}
	if o := catalog.LookupOutbound(fn); o != nil {
		if o.Bounded != "" || o.Ctx >= len(call.Args) {
			c.note(fi, call.Pos(), o.Bounded != "")
			return // go-redis: the client's ReadTimeout bounds every call
		}
		if o.Dial {
			if report && !own {
				c.dialContext(s)
				if in := c.instr(s); in != nil && c.dialsForever(fi, in) {
					c.conn(s, in, types.ExprString(call.Fun)+" on a dialer with no Timeout")
				}
			}
			return
		}
		c.note(fi, call.Pos(), false) // until reach says otherwise
		if !c.asks(fi, report && !own) || c.embeddedSQL(s, fn) || c.wrapperBounds(s, fn) {
			return // wrapperBounds: a wrapper of the program bounds it (wrapper.go)
		}
		st := c.arg(s, o.Ctx)
		if st.kind == param || st.kind == noDeadline {
			if in := c.instr(s); in != nil && c.grpcBounded(in) {
				c.note(fi, call.Pos(), true)
				return // an interceptor bounds the call (grpc.go)
			}
		}
		c.reach(fi, call, st, hop{name: analysisutil.FuncName(fn, c.pass.Pkg), text: callText(call, fn, c.pass.Pkg), ctx: o.Ctx,
			fact: &ReachFact{Param: -1, Family: o.Family, Stream: o.Stream}}, report && !own)
		return
	}
	if _, ok := catalog.GRPCBlockingDial(fn); ok {
		if !own {
			c.grpcBlock(s, fn, report) // grpcblock.go
		}
		return
	}
	if rf := c.reachOf(fn); rf != nil {
		c.note(fi, call.Pos(), false) // until reach says otherwise
		if rf.Field != "" {
			if rf = c.fieldResolved(s, rf); rf == nil {
				return // the receiver's client is out of sight
			}
		}
		if rf.Param < len(call.Args) && !analysisutil.IsMethodExpr(info, call) && !delegates(info, fi, call) && c.asks(fi, report) {
			st := c.arg(s, rf.Param)
			c.reach(fi, call, st, hop{name: analysisutil.FuncName(fn, c.pass.Pkg), text: callText(call, fn, c.pass.Pkg), fact: rf, fn: fn}, report)
		}
		return
	}
	if own {
		c.noteHelper(fi, fn) // a helper that may make the wrapper's call (wrapper.go)
	}
	if !report || own {
		if catalog.SymbolOf(fn) == catalog.HTTPClientDo && !own {
			c.httpDo(s, fn, false) // for the summary only
		}
		return
	}
	sym := catalog.SymbolOf(fn)
	switch {
	case sym == catalog.HTTPClientDo:
		c.httpDo(s, fn, true)
	case catalog.HTTPShortcut(fn):
		c.httpShortcut(s, fn)
	case catalog.ConnDial(fn):
		in := c.instr(s)
		if catalog.TimeoutFreeDial(fn) {
			c.dial(fi, call, fn, nil)
			if in != nil {
				c.dialIgnoresCtx(s, in, fn)
			}
		}
		if in != nil {
			c.conn(s, in, fn.Pkg().Name()+"."+fn.Name())
		}
	case sym == catalog.NetDialerDial || sym == catalog.TLSDialWithDialer:
		in := c.instr(s)
		if in == nil {
			return
		}
		d := engine.Recv(in)
		if sym == catalog.TLSDialWithDialer {
			d = engine.Arg(in, 0)
		}
		if made, ok := c.tracer(fi).noTimeout(d, "Timeout", "Deadline"); ok {
			c.dial(fi, call, fn, firstNode(made))
			c.dialIgnoresCtx(s, in, fn)
			c.conn(s, in, types.ExprString(call.Fun)+" on a dialer with no Timeout")
		}
	default:
		if twin := catalog.SQLWithoutContext(fn); twin != "" && !c.embeddedSQL(s, fn) {
			c.sqlNoCtx(fi, call, fn, twin)
		}
	}
}

// hop is the call a context reaches: an outbound call (fact.Param -1)
// or a function with a ReachFact.
type hop struct {
	name, text string
	fact       *ReachFact
	fn         *types.Func // the called function, for a ReachFact hop
	ctx        int         // the context argument of an outbound call
}

func (h hop) via() []string {
	if h.fact.Param < 0 {
		return []string{h.name}
	}
	return extend(h.name, h.fact)
}

// reach handles a context reaching an outbound call or a function that
// passes it to one: a parameter makes a summary, a deadline-less context
// a finding.
func (c *checker) reach(fi *funcInfo, call *ast.CallExpr, st state, h hop, report bool) {
	c.note(fi, call.Pos(), st.kind == bounded)
	switch st.kind {
	case param:
		if h.fact.Stream && st.cancelled {
			return // the function cancels the stream it opens
		}
		// The first context to reach a call makes the summary, unless a
		// later one reaches a retried call: that is the one a caller's
		// deadline matters most to.
		where, _ := c.whereVia(fi, call, h.fact)
		retried := where.site != "" || h.fact.Retried
		in := where.in
		if in == "" && h.fact.Retried {
			in = h.fact.RetryIn
		}
		if old := c.sums[fi.obj]; old == nil || retried && !old.fact.Retried {
			c.sums[fi.obj] = &summary{
				fact: &ReachFact{Param: st.param, Via: h.via(), Family: h.fact.Family, Stream: h.fact.Stream, Field: h.fact.Field, Retried: retried, RetryIn: in},
				pos:  call.Pos(), next: h.fn,
			}
		}
	case noDeadline:
		if !report || (h.fact.Stream && st.cancelled) || h.fact.Field != "" {
			return // a stream that lives until a cancel func that is called
		}
		where, ok := c.whereVia(fi, call, h.fact)
		if !ok || (h.fact.Stream && where.site == "" && c.mainOnly(fi)) {
			return // a stream of a command: it lives as long as the program
		}
		// At the context argument: where the deadline is missing.
		i := h.fact.Param
		if i < 0 {
			i = h.ctx
		}
		arg := call.Args[i]
		d := analysis.Diagnostic{Pos: arg.Pos(), End: arg.End()}
		target := fmt.Sprintf("%s (%s)", h.text, h.fact.Family)
		d.Category = "ctx"
		if h.fact.Param >= 0 {
			target = fmt.Sprintf("%s via %s", h.fact.Family, h.text+" -> "+strings.Join(h.fact.Via, " -> "))
			d.Category = "ctx-chain"
		}
		switch {
		case h.fact.Stream:
			d.Category = "stream"
			d.Message = fmt.Sprintf("%s reaches %s with no deadline and no cancel: nothing can stop the stream; derive the context with context.WithCancel and call cancel when done",
				origin(st), target)
		default:
			d.Message = fmt.Sprintf("%s reaches %s with no deadline: %s; derive the context with context.WithTimeout",
				origin(st), target, where.wait("the call can wait forever", "can wait forever"))
		}
		d.Related = append(d.Related, c.originRelated(call, st)...)
		d.Related = append(d.Related, c.chainRelated(h.fn)...)
		c.report(fi, d)
	}
}

// place is where a finding sits: inside a retry site or not. in names
// that retry for the callers' messages (ReachFact.RetryIn): the loop in
// this function, the SDK operation, or the one a callee's fact names.
type place struct{ site, in string }

func (p place) wait(outside, inside string) string {
	if p.site == "" {
		return outside
	}
	return "every attempt of " + p.site + " " + inside
}

// where decides whether a finding at call is reported, and whether it
// sits inside a retry site (a loop or closure attempt body, or a call
// that retries inside: an aws-sdk-go-v2 operation, a retrier).
//
// Outside retry sites, the main and init functions of package main are
// left alone: a one-shot command is watched by the person who ran it. A
// test harness file is left alone everywhere, like a test file.
func (c *checker) where(fi *funcInfo, call *ast.CallExpr) (place, bool) {
	return c.whereVia(fi, call, nil)
}

// whereVia is where for a call the context reaches through: via is the
// called function's ReachFact, or the outbound call's own (Param -1). A
// call of a function that holds a retry (a retrier) sits in that retry
// only when the outbound call the context reaches is one of the retried
// ones (ReachFact.Retried).
func (c *checker) whereVia(fi *funcInfo, call *ast.CallExpr, via *ReachFact) (place, bool) {
	var p place
	if c.harness[c.pass.Fset.File(call.Pos())] {
		return p, false
	}
	if sites := c.res.Enclosing(call.Pos()); len(sites) > 0 {
		// "every attempt of the retry loop in openDB", "of retry.Do"
		s, fn := sites[len(sites)-1], analysisutil.FuncName(fi.obj, c.pass.Pkg)
		p.site, p.in = s.Name(), "the retry in "+fn
		if s.Kind() == retryscan.KindLoop {
			p.site = "the " + s.Name() + " in " + fn
			p.in = p.site
		}
	} else if s := c.res.SiteAt(call); s != nil && s.Kind() == retryscan.KindClient {
		p.site = s.Name() // an SDK operation that retries: "every attempt of sqs.SendMessage"
		p.in = s.Name()
	} else if s != nil && s.Kind() == retryscan.KindRetrier && via != nil && via.Retried {
		// A function that holds a retry, not one itself: the fact of
		// the call names the retry, some calls further down.
		p.in = via.RetryIn
		if p.in == "" {
			p.in = "the retry in " + s.Name()
		}
		p.site = p.in
	}
	if p.site == "" {
		if c.cfg.RetryOnly {
			return p, false
		}
		if c.pass.Pkg.Name() == "main" && fi.decl.Recv == nil && (fi.decl.Name.Name == "main" || fi.decl.Name.Name == "init") {
			return p, false
		}
	}
	return p, true
}

// origin describes where a deadline-less context was made.
func origin(st state) string {
	fn := st.originFn
	switch {
	case fn == nil:
		return "a context with no deadline"
	case catalog.SymbolOf(fn) == catalog.HTTPNewRequest:
		return "the context.Background() of http.NewRequest"
	case fn.Name() == "WithoutCancel":
		return "context.WithoutCancel, which drops the deadline,"
	case catalog.ContextEffect(fn) != catalog.CtxRoot:
		return "the context from " + analysisutil.FuncName(fn, nil) + "()" // a helper of another package
	}
	return "context." + fn.Name() + "()"
}

func (c *checker) originRelated(call *ast.CallExpr, st state) []analysis.RelatedInformation {
	if st.origin == nil || (st.origin.Pos() >= call.Pos() && st.origin.End() <= call.End()) {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: st.origin.Pos(), End: st.origin.End(), Message: "the context is made here, with no deadline"}}
}

// chainRelated returns one entry per hop of a local chain: where each
// function passes the context on.
func (c *checker) chainRelated(fn *types.Func) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	for i := 0; fn != nil && i < analysisutil.MaxHops; i++ {
		s := c.sums[fn]
		if s == nil {
			break
		}
		out = append(out, analysis.RelatedInformation{Pos: s.pos, Message: fn.Name() + " passes the context on here"})
		fn = s.next
	}
	return out
}

func (c *checker) reachOf(fn *types.Func) *ReachFact {
	if s := c.sums[fn]; s != nil {
		return s.fact
	}
	if f := new(ReachFact); c.imported(fn, f) {
		return f
	}
	return nil
}

// imported reads a fact of a function of another package into f.
func (c *checker) imported(fn *types.Func, f analysis.Fact) bool {
	return fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, f)
}

func related(n ast.Node, msg string) []analysis.RelatedInformation {
	if n == nil {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: n.Pos(), End: n.End(), Message: msg}}
}

// delegates reports a context-free method X handing its work to its
// twin XContext on the same receiver, the way drivers and clients
// implement their legacy API:
//
//	func (c *Conn) Prepare(query string) (driver.Stmt, error) {
//		return c.PrepareContext(context.Background(), query)
//	}
//
// The API exists to be context-free; its callers own the choice.
func delegates(info *types.Info, fi *funcInfo, call *ast.CallExpr) bool {
	if fi.decl.Recv == nil || len(fi.decl.Recv.List) == 0 || len(fi.decl.Recv.List[0].Names) == 0 {
		return false
	}
	sig := fi.obj.Type().(*types.Signature)
	for i := range sig.Params().Len() {
		if catalog.IsContext(sig.Params().At(i).Type()) {
			return false
		}
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !catalog.ContextTwin(fi.decl.Name.Name, sel.Sel.Name) {
		return false // only the X -> XContext twin: Refresh calling c.fetch(context.Background()) is reported
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	return ok && info.ObjectOf(id) == info.Defs[fi.decl.Recv.List[0].Names[0]]
}
