package retrybudget

import (
	"fmt"
	"go/ast"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// BudgetFact summarizes a function that runs a retry on one of its
// context parameters, which it gives no deadline of its own: a caller
// that passes a context with a deadline compares it with the retry's
// worst case. Only the direct caller is checked (one hop).
type BudgetFact struct {
	Param    int    // index of the context parameter
	Site     string // the retry's display name
	Attempts int    // 0: not a constant
	Bound    int    // the site's Bound.Attempts (catalog.AttemptsUnbounded...)
	// Timeout, AttemptTimeout, Waits and WaitsKnown are the worst case's.
	Timeout        uint8
	AttemptTimeout time.Duration
	Waits          []time.Duration
	WaitsKnown     bool
	// Unbounded says nothing visible bounds one attempt.
	Unbounded bool
	// Elapsed and ElapsedBy are the elapsed-time limit the code sets on a
	// retry with no attempt limit (limitOf), 0 when there is none.
	Elapsed   time.Duration
	ElapsedBy string
	// GRPC marks gRPC's own retries (retryRef.grpc).
	GRPC bool
}

func (*BudgetFact) AFact() {}

func (f *BudgetFact) String() string {
	if f.Elapsed > 0 {
		return fmt.Sprintf("budget(ctx %d, %s until %s of %s)", f.Param, f.Site, f.ElapsedBy, f.Elapsed)
	}
	return fmt.Sprintf("budget(ctx %d, %s %s)", f.Param, f.Site, f.worst().Terms())
}

func newFact(param int, site *retryscan.Site, w retryscan.WorstCase, unbounded bool, lim elapsedLimit) *BudgetFact {
	return &BudgetFact{
		Param: param, Site: site.Name, Attempts: w.Attempts, Bound: site.Bound.Attempts,
		Timeout: uint8(w.Timeout), AttemptTimeout: w.AttemptTimeout, Waits: w.Waits, WaitsKnown: w.WaitsKnown,
		Unbounded: unbounded, Elapsed: lim.d, ElapsedBy: lim.by, GRPC: refOf(site).grpc,
	}
}

func (f *BudgetFact) worst() retryscan.WorstCase {
	return retryscan.WorstCase{
		Attempts: f.Attempts, Timeout: retryscan.TimeoutKind(f.Timeout), AttemptTimeout: f.AttemptTimeout,
		Waits: f.Waits, WaitsKnown: f.WaitsKnown,
	}
}

// checkCalls compares the summaries of called functions with the
// deadline of the context each call passes.
func (c *checker) checkCalls() {
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
				c.checkCall(fd, call)
				return true
			})
		}
	}
}

func (c *checker) checkCall(fd *ast.FuncDecl, call *ast.CallExpr) {
	fn := analysisutil.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return
	}
	fn = fn.Origin()
	f := c.local[fn]
	if f == nil {
		f = new(BudgetFact)
		if fn.Pkg() == c.pass.Pkg || !c.pass.ImportObjectFact(fn, f) {
			return
		}
	}
	if f.Param >= len(call.Args) {
		return
	}
	arg := call.Args[f.Param]
	b, ok := c.deadlineOf(fd, call, nil, func(ctx ssa.Value) bool { return passes(engine.Of(c.pass), fd, arg, ctx) })
	if !ok {
		return
	}
	who := fmt.Sprintf("%s's retry (%s)", analysisutil.FuncName(fn, c.pass.Pkg), f.Site)
	c.compareLimit(call.Pos(), who, elapsedLimit{f.Elapsed, f.ElapsedBy}, b)
	c.compare(call.Pos(), retryRef{who: who, bound: f.Bound, grpc: f.GRPC}, f.worst(), b, f.Unbounded)
}

// passes reports whether an argument is the context ctx itself, as it
// comes from the variable it was assigned to (not a context derived from
// it: context.WithoutCancel(ctx) drops the deadline).
func passes(p *engine.Program, fd *ast.FuncDecl, arg ast.Expr, ctx ssa.Value) bool {
	v := p.ValueOf(funcAt(fd, arg.Pos()), arg)
	if v == nil {
		return false
	}
	for _, s := range p.Sources(v) {
		if s == ctx {
			return true
		}
	}
	return false
}
