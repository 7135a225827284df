package retrybudget

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// A deadline is often set two or more calls above the retry: the handler
// gives the request a deadline, and passes its context down through the
// functions of the package to the one that retries:
//
//	func (s *Server) Handle(ctx context.Context) error {
//		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)  // the budget
//		defer cancel()
//		return s.process(ctx)                                   // compared here
//	}
//	func (s *Server) process(ctx context.Context) error { return s.fetch(ctx) }  // carries fetch's summary
//	func (s *Server) fetch(ctx context.Context) error { ... retry on ctx ... }   // BudgetFact
//
// A function with no summary of its own that passes its own context
// parameter to a function with a summary, unchanged or through a
// derivation that keeps its deadline (context.WithValue(ctx, k, v),
// WithCancel, a helper of the package that returns one: passes), and
// makes no deadline for that call, carries the summary: the same worst
// case, on its own parameter. A context with a deadline of its own on
// the way (WithTimeout with a value that cannot be read) or none
// (WithoutCancel) carries nothing. The summaries are carried in rounds, one call level
// each, up to maxCarry levels; the carried ones are exported as facts
// like the others, so a deadline in another package is found too.

// maxCarry bounds the rounds: a chain of calls deeper than this between
// a deadline and its retry is not followed.
const maxCarry = 4

// carry adds to c.local the summaries carried by the package's functions.
func (c *checker) carry() {
	p := engine.Of(c.pass)
	for range maxCarry {
		added := map[*types.Func]*BudgetFact{}
		c.eachSummarized(func(fd *ast.FuncDecl, call *ast.CallExpr, fn *types.Func, f *BudgetFact) {
			caller, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok || c.local[caller] != nil || added[caller] != nil {
				return
			}
			arg := call.Args[f.Param]
			i, _ := c.ctxParamWhere(fd, f.Req, func(param ssa.Value) bool {
				if f.Req {
					return handsOn(p, fd, arg, param)
				}
				return passes(p, fd, arg, param)
			})
			if i < 0 {
				return
			}
			if _, ok := c.callBudget(fd, call, f); ok {
				return // compared at this call
			}
			g := *f
			g.Param = i
			if f.Op > 0 {
				// the function this call hands in is the attempt from
				// here up: what bounds it is read here, once
				w, unbounded := c.atCall(call, f, nil)
				g.Op, g.Unbounded = 0, unbounded
				g.Timeout, g.AttemptTimeout = uint8(w.Timeout), w.AttemptTimeout
			}
			if g.Via == "" {
				g.Via = analysisutil.FuncName(fn, c.pass.Pkg)
			}
			added[caller] = &g
		})
		if len(added) == 0 {
			return
		}
		for fn, f := range added {
			c.local[fn] = f
		}
	}
}
