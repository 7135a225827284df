package retrybudget

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// BudgetFact summarizes a function that runs a retry on one of its
// context parameters, which it gives no deadline of its own: a caller
// that passes a context with a deadline compares it with the retry's
// worst case. A function that passes its context parameter on to one
// with a summary carries it (carry.go): Via then names the function that
// runs the retry.
type BudgetFact struct {
	Param    int    // index of the context parameter
	Site     string // the retry's display name
	Attempts int    // 0: not a constant
	Bound    int    // the site's Bound.Attempts (catalog.AttemptsUnbounded...)
	// Timeout, AttemptTimeout, Waits, WaitsKnown, FullJitter and
	// AddedJitter are the worst case's.
	Timeout                 uint8
	AttemptTimeout          time.Duration
	Waits                   []time.Duration
	WaitsKnown              bool
	FullJitter, AddedJitter bool
	// Unbounded says nothing visible bounds one attempt; with Op, nothing
	// the loop adds: the call says whether the function it hands in does.
	Unbounded bool
	// Op is 1 + the index of the function parameter the retry runs as
	// its attempt, 0 if none: what bounds the attempt is read at each call
	// (handed.go).
	Op int
	// Elapsed and ElapsedBy are the elapsed-time limit the code sets on a
	// retry with no attempt limit (limitOf), 0 when there is none.
	Elapsed   time.Duration
	ElapsedBy string
	// GRPC and Interceptor mark gRPC's own retries and a retry
	// interceptor's (retryRef).
	GRPC, Interceptor bool
	// Via names the function that runs the retry when the summary was
	// carried to its callers (carry), "" on the function itself.
	Via string
	// Req says Param is an *http.Request the retry runs on (its context):
	// compared where a RoundTrip hands it its own request, with the
	// Timeout of the package's clients built with the transport
	// (transport.go).
	Req bool
}

func (*BudgetFact) AFact() {}

func (f *BudgetFact) String() string {
	via := ""
	if f.Via != "" {
		via = ", in " + f.Via
	}
	param := "ctx"
	if f.Req {
		param = "req"
	}
	if f.Elapsed > 0 {
		return fmt.Sprintf("budget(%s %d, %s until %s of %s%s)", param, f.Param, f.Site, f.ElapsedBy, f.Elapsed, via)
	}
	return fmt.Sprintf("budget(%s %d, %s %s%s)", param, f.Param, f.Site, f.worst().Terms(), via)
}

func newFact(param int, site *retryscan.Site, w retryscan.WorstCase, unbounded bool, lim elapsedLimit) *BudgetFact {
	return &BudgetFact{
		Param: param, Site: site.Name(), Attempts: w.Attempts, Bound: site.Bound().Attempts,
		Timeout: uint8(w.Timeout), AttemptTimeout: w.AttemptTimeout, Waits: w.Waits, WaitsKnown: w.WaitsKnown, FullJitter: w.FullJitter,
		AddedJitter: w.AddedJitter, Unbounded: unbounded, Elapsed: lim.d, ElapsedBy: lim.by, GRPC: refOf(site).grpc, Interceptor: refOf(site).interceptor,
	}
}

func (f *BudgetFact) worst() retryscan.WorstCase {
	return retryscan.WorstCase{
		Attempts: f.Attempts, Timeout: retryscan.TimeoutKind(f.Timeout), AttemptTimeout: f.AttemptTimeout,
		Waits: f.Waits, WaitsKnown: f.WaitsKnown, FullJitter: f.FullJitter, AddedJitter: f.AddedJitter,
	}
}

// checkCalls compares the summaries of called functions with the
// deadline of the context each call passes, once the summaries have been
// carried up through the package's callers (carry).
func (c *checker) checkCalls() {
	c.carry()
	c.eachSummarized(func(fd *ast.FuncDecl, call *ast.CallExpr, fn *types.Func, f *BudgetFact) {
		b, ok := c.callBudget(fd, call, f)
		if !ok {
			return
		}
		c.compareLimit(call.Pos(), f.who(fn, c.pass.Pkg), elapsedLimit{f.Elapsed, f.ElapsedBy}, b)
		w, unbounded := c.atCall(call, f, b.ctx)
		unbounded = unbounded && !f.Req // over-budget only under a client's Timeout (transport.go)
		c.compare(call.Pos(), retryRef{who: f.who(fn, c.pass.Pkg), bound: f.Bound, grpc: f.GRPC, interceptor: f.Interceptor}, w, b, unbounded)
	})
}

// comparedAtCall reports whether the retry of a wrapper site is compared
// at its call through the helper's summary (checkCalls): the helper runs
// its loop on the context the call passes, with a deadline made in the
// calling function. The wrapper site is then the same retry seen from
// the call, and knows less of it (an attempt timeout the helper sets in
// its loop is unknown there): only the summary speaks for it.
//
//	func retry(ctx context.Context, op func(context.Context) error) error { ... loop ... }  // BudgetFact
//	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
//	return retry(ctx, func(ctx context.Context) error { ... })  // a wrapper site and a summarized call
func (c *checker) comparedAtCall(site *retryscan.Site) bool {
	call, ok := site.Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	_, f := c.summary(call)
	fd := c.funcDecl(call)
	if f == nil || f.Param >= len(call.Args) || fd == nil {
		return false
	}
	_, ok = c.callBudget(fd, call, f)
	return ok
}

// callBudget returns the deadline made in fd, the function holding a
// call of a summarized retry, that the call passes in the summary's
// context parameter.
func (c *checker) callBudget(fd *ast.FuncDecl, call *ast.CallExpr, f *BudgetFact) (budget, bool) {
	arg := call.Args[f.Param]
	if f.Req {
		return c.requestBudget(fd, arg)
	}
	return c.deadlineOf(fd, call, nil, func(ctx ssa.Value) bool { return passes(engine.Of(c.pass), fd, arg, ctx) })
}

// eachSummarized calls visit for every call in the package of a function
// with a summary, local or imported, that passes the summarized context.
func (c *checker) eachSummarized(visit func(fd *ast.FuncDecl, call *ast.CallExpr, fn *types.Func, f *BudgetFact)) {
	for _, file := range c.pass.Files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			c.at.Func(fd)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				c.at.At(call.Pos())
				if fn, f := c.summary(call); f != nil && f.Param < len(call.Args) {
					visit(fd, call, fn, f)
				}
				return true
			})
		}
	}
}

// summary returns the function a call invokes and its summary, or nil.
func (c *checker) summary(call *ast.CallExpr) (*types.Func, *BudgetFact) {
	fn := analysisutil.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return nil, nil
	}
	fn = fn.Origin()
	if f := c.local[fn]; f != nil {
		return fn, f
	}
	f := new(BudgetFact)
	if fn.Pkg() == c.pass.Pkg || !c.pass.ImportObjectFact(fn, f) {
		return nil, nil
	}
	return fn, f
}

// who names the summarized retry at a call of fn: "fetch's retry (retry
// loop)", or through the functions that carry it "process's retry (retry
// loop, in fetch)".
func (f *BudgetFact) who(fn *types.Func, pkg *types.Package) string {
	if f.Via != "" {
		return fmt.Sprintf("%s's retry (%s, in %s)", analysisutil.FuncName(fn, pkg), f.Site, f.Via)
	}
	return fmt.Sprintf("%s's retry (%s)", analysisutil.FuncName(fn, pkg), f.Site)
}

// passes reports whether an argument has the deadline of the context
// ctx (engine.DeadlineSources): ctx itself, as it comes from the variable
// it was assigned to, or a context that keeps its deadline, made here or
// by a helper of the package (context.WithValue(ctx, k, v)). One with a
// deadline of its own (WithTimeout) or none (context.WithoutCancel(ctx))
// does not.
func passes(p *engine.Program, fd *ast.FuncDecl, arg ast.Expr, ctx ssa.Value) bool {
	v := p.ValueOf(funcAt(fd, arg.Pos()), arg)
	return v != nil && slices.Contains(p.DeadlineSources(v), ctx)
}
