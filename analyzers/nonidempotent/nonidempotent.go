package nonidempotent

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
	"github.com/retrylint/retrylint/internal/report"
)

//go:embed doc.go
var doc string

// Config holds the analyzer's options.
type Config struct {
	// KeyHeaders are request headers that carry an idempotency key in
	// addition to the catalogued ones (Idempotency-Key, ...): the
	// -keyheaders flag, which keyregen has too (catalog.BindKeyHeaders),
	// so that one setting serves both.
	KeyHeaders catalog.KeyHeaders
	// Tests reports in _test.go files too (-tests; see report.BindTests).
	Tests bool
}

// DefaultConfig returns the default options.
func DefaultConfig() Config { return Config{} }

// NewAnalyzer returns a nonidempotent analyzer whose flags are bound to
// a copy of cfg.
func NewAnalyzer(cfg Config) *analysis.Analyzer {
	c := cfg
	a := &analysis.Analyzer{
		Name:       "nonidempotent",
		Doc:        analysisutil.MustExtractDoc(doc, "nonidempotent"),
		URL:        "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/nonidempotent",
		Requires:   []*analysis.Analyzer{retryscan.Analyzer, engine.Analyzer},
		Run:        analysisutil.Guard(func(pass *analysis.Pass, at *analysisutil.Crumb) (any, error) { return run(pass, &c, at) }),
		ResultType: reflect.TypeFor[*report.Usage](),
		FactTypes:  []analysis.Fact{new(Fact), new(SenderFact), new(KeySetterFact), new(ResendFact), new(RequestFact)},
	}
	catalog.BindKeyHeaders(&a.Flags, &c.KeyHeaders)
	report.BindTests(&a.Flags, &c.Tests)
	return a
}

// Analyzer is the nonidempotent analyzer with the default options.
var Analyzer = NewAnalyzer(DefaultConfig())

// checker holds the state of one run on one package.
type checker struct {
	pass    *analysis.Pass
	at      *analysisutil.Crumb
	info    *types.Info
	res     *retryscan.Result
	rep     *report.Reporter
	eng     *engine.Program // SSA, built on the first question
	names   *names          // what the package names, read on first use
	keys    *catalog.KeyHeaders
	invoked map[*ast.FuncLit]bool
	funcs   []*funcInfo
	byObj   map[*types.Func]*funcInfo
	facts   map[*types.Func]*effect     // imported, nil when none
	senders map[*types.Func]*SenderFact // the package's (sender.go)
	// reqFacts: the imported RequestFacts asked for, nil when none
	// (reqhelpers.go).
	reqFacts map[*types.Func]*RequestFact
	// rangeFuncs: whether a function holds a range over a function
	// (rangefunc.go).
	rangeFuncs map[ast.Node]bool
	// handed: the sends in a retry of a request a RoundTrip method or a
	// handler is handed, with who retries them; resends: the functions
	// whose request that is (handed.go).
	handed  map[*ast.CallExpr]string
	resends map[*types.Func]bool
	// dynamic: the interface method calls found to run a retrying
	// sender (dynamic.go).
	dynamic map[*ast.CallExpr]dynamicCall
	// read counts the bodies the walks after the index read (index.go).
	read reads
}

func run(pass *analysis.Pass, cfg *Config, at *analysisutil.Crumb) (any, error) {
	c, err := newChecker(pass, cfg, at)
	if err != nil {
		return nil, err
	}
	c.analyze()
	return c.rep.Usage(), nil
}

// newChecker returns the checker of one run on one package, or the
// recognizer's error on it.
func newChecker(pass *analysis.Pass, cfg *Config, at *analysisutil.Crumb) (*checker, error) {
	res, err := retryscan.Of(pass)
	if err != nil {
		return nil, err
	}
	return &checker{
		pass:    pass,
		at:      at,
		info:    pass.TypesInfo,
		res:     res,
		rep:     report.New(pass),
		eng:     engine.Of(pass),
		keys:    &cfg.KeyHeaders,
		invoked: map[*ast.FuncLit]bool{},
		dynamic: map[*ast.CallExpr]dynamicCall{},
		byObj:   map[*types.Func]*funcInfo{},
		facts:   map[*types.Func]*effect{},

		reqFacts: map[*types.Func]*RequestFact{},

		rangeFuncs: map[ast.Node]bool{},
	}, nil
}

// analyze exports the package's facts and reports its findings.
func (c *checker) analyze() {
	c.collect()
	c.exportRequestFacts()
	c.findHanded()
	c.findSenders()
	c.exportKeySetters()
	c.summarize()
	c.exportFacts()
	c.check()
}

// attempt returns the retry sites whose every attempt runs the node at
// pos, outermost first. lits are the function literals around the node:
// a literal inside an attempt body that is not run where it stands (a
// callback, a handler) does not run in the attempt.
func (c *checker) attempt(pos token.Pos, lits []*ast.FuncLit) []*retryscan.Site {
	var out []*retryscan.Site
	for _, s := range c.res.Enclosing(pos) {
		if s.Repeats() {
			continue // sent every period anyway: a periodic re-registration
		}
		if c.gated(s) {
			continue // the caller said whether it may run twice
		}
		ok := true
		for _, lit := range lits {
			if ast.Node(lit) != s.Body() && s.Contains(lit.Pos()) && !c.invoked[lit] {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, s)
		}
	}
	return out
}

// gated reports a call of a retry runner that runs its function once
// when the caller passes false for its idempotency flag
// (retryscan.WrapperFact.Gate):
//
//	run(ctx, func(ctx context.Context) error { ... Insert(...).Do() }, s.retry, s.idempotent(cond))
//
// The caller declared what may be retried; a constant true is its
// declaration too.
func (c *checker) gated(s *retryscan.Site) bool {
	if s.Kind() != retryscan.KindWrapper || s.Callee() == nil {
		return false
	}
	w, ok := c.res.Wrapper(s.Callee())
	return ok && w.Gate > 0
}

// walkCalls calls f for every call in body, with the function literals
// around it (the last is the innermost). The call of a go statement runs
// in a goroutine of its own, which the caller does not wait for: when
// effect is set (what a function does when it is called), it is no part
// of it (a constructor that starts an uploader with go b.read() sends
// nothing itself), and only its operands, evaluated where the statement
// stands, are walked. Otherwise the body of a go func literal is walked
// too, since a retry inside it is as real as one anywhere.
func walkCalls(body ast.Node, effect bool, f func(call *ast.CallExpr, lits []*ast.FuncLit)) {
	var lits []*ast.FuncLit
	var stack []ast.Node
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if n == nil {
			if lit, ok := stack[len(stack)-1].(*ast.FuncLit); ok && len(lits) > 0 && lits[len(lits)-1] == lit {
				lits = lits[:len(lits)-1]
			}
			stack = stack[:len(stack)-1]
			return true
		}
		switch n := n.(type) {
		case *ast.GoStmt:
			if sel, ok := ast.Unparen(n.Call.Fun).(*ast.SelectorExpr); ok {
				ast.Inspect(sel.X, visit)
			}
			for _, a := range n.Call.Args {
				ast.Inspect(a, visit)
			}
			if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok && !effect {
				ast.Inspect(lit, visit)
			}
			return false
		case *ast.FuncLit:
			lits = append(lits, n)
		case *ast.CallExpr:
			f(n, lits)
		}
		stack = append(stack, n)
		return true
	}
	ast.Inspect(body, visit)
}

// check reports the operations that run inside a retry.
func (c *checker) check() {
	may := c.mayReport()
	for _, fi := range c.funcs {
		if !may[fi] {
			continue // nothing to report in it (index.go)
		}
		c.read.checks++
		c.at.Func(fi.decl)
		walkCalls(fi.decl.Body, false, func(call *ast.CallExpr, lits []*ast.FuncLit) {
			c.at.At(call.Pos())
			if who := c.handed[call]; who != "" {
				c.reportHanded(call, who)
				return
			}
			sites := c.attempt(call.Pos(), lits)
			who := "retry wraps"
			if len(sites) == 0 {
				if client := c.clientSite(call); client != nil {
					who = client.Name() + " retries"
				} else if s := c.retryingSender(call); s != "" {
					who = s + " retries" // doWithRetry(req) (sender.go)
				} else if who, e := c.namedRetried(call, fi.obj); e != nil {
					c.report(call, who, e)
					return // c.do(ctx, "POST", ...) on a retrying client (methodparam.go)
				} else {
					return
				}
			}
			var scope ast.Node
			if len(sites) > 0 {
				scope = sites[0].Body()
			}
			// A client reuses its request on every attempt (kindTx); a
			// method the caller gives (methodParam) is judged at the
			// caller's call.
			e := c.opEffect(call, c.placeOf(fi.decl, lits, call), scope)
			if e == nil || e.methodParam != 0 || (len(sites) == 0 && e.kind == kindTx) {
				return
			}
			c.report(call, who, e)
		})
	}
	// A named function passed as the operation: backoff.Retry(c.charge, b).
	c.at.Func(nil)
	for _, s := range c.res.Sites() {
		if s.Op() == nil || s.OpExpr() == nil || c.gated(s) {
			continue
		}
		c.at.At(s.OpExpr().Pos())
		if e := c.funcEffect(s.Op()); e.definite() {
			c.report(s.OpExpr(), "retry wraps", e.via(hop{name: analysisutil.FuncName(s.Op(), c.pass.Pkg), pos: s.OpExpr().Pos()}))
		}
	}
}

// clientSite returns the site of a call that retries inside (a
// retryablehttp or resty client), or nil. Two kinds of client site are
// left out:
//
//   - a client library calling its own methods (retryablehttp.Post is
//     defaultClient.Post(...)): its callers are the ones that decide;
//   - a resty request whose client is not seen to get a retry count: the
//     recognizer then assumes one when the package sets a retry count on
//     any client, which is too weak to call a POST retried;
//   - a request sent through a transport whose retry resends whatever it
//     is handed: reported there, once (handed.go).
func (c *checker) clientSite(call *ast.CallExpr) *retryscan.Site {
	s := c.res.SiteAt(call)
	if s == nil || s.Kind() != retryscan.KindClient || s.Callee() == nil || s.Callee().Pkg() == c.pass.Pkg {
		return nil
	}
	if strings.HasPrefix(analysisutil.PkgPath(s.Callee()), "github.com/go-resty/resty") && s.Bound().Evidence == nil || c.resendsAny(s.Transport()) {
		return nil
	}
	return s
}

// place is where a call is: the function declaration and the function
// literals around the call in it, and the innermost range-over-func loop
// in the innermost of them whose body holds the call (rangefunc.go).
type place struct {
	fd   *ast.FuncDecl
	lits []*ast.FuncLit
	rng  *ast.RangeStmt
}

// syntax returns the function the call is in: the body of a
// range-over-func loop, the innermost literal, or the declaration.
func (a place) syntax() ast.Node {
	if a.rng != nil {
		return a.rng
	}
	if len(a.lits) > 0 {
		return a.lits[len(a.lits)-1]
	}
	return a.fd
}

// fn returns the SSA function the call is in.
func (a place) fn(p *engine.Program) *ssa.Function { return p.Func(a.syntax()) }

// opEffect returns what must not run twice in the call: an HTTP request,
// an SQL statement, a call of a function that does one. scope is the
// outermost attempt body around the call, or the body of the function
// being summarized; nil when only the called client retries.
func (c *checker) opEffect(call *ast.CallExpr, where place, scope ast.Node) *effect {
	callee := analysisutil.AnyCallee(c.info, call)
	if callee == nil {
		return nil
	}
	if e := c.sqlEffect(call, callee, where, scope); e != nil {
		return e
	}
	if e := c.httpEffect(call, callee, where); e != nil {
		return e
	}
	if d := catalog.LookupDelivery(callee); d != nil {
		return &effect{kind: kindSend, what: analysisutil.FuncName(callee, c.pass.Pkg) + " (" + d.What + ")", pos: call.Pos()}
	}
	if e := c.methodAt(call, c.funcEffect(callee), c.enclosing(where)); e != nil && !c.argKeyed(call, e) {
		return e.via(hop{name: analysisutil.FuncName(callee, c.pass.Pkg), pos: call.Pos()})
	}
	return nil
}
