package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// ignoresCtx reports whether a wrapper's retry is known to look at no
// context (WrapperFact.IgnoresCtx). Handed a function that uses its
// caller's context, such a wrapper goes on after the caller gave up:
// every attempt fails at once and the loop sleeps through its rounds
// (retryclass reports it at the call, where the context is):
//
//	func retry(n int, f func() error) error {
//		for i := 0; i < n; i++ {
//			if err := f(); err == nil {
//				return nil
//			}
//			time.Sleep(time.Second << i)
//		}
//		return errors.New("gave up")
//	}
//
// Known means all of: a hand-rolled loop with no context among what ends
// it; nothing in the wrapper (receiver, parameters, body) is a context or
// a request that carries one, or names a context error; it receives only
// from timers (no select, no stop channel); its attempt is the call of
// the parameter, which returns an error; and when that call fails with a
// context's error (cancelled, or past its deadline) a way goes round and
// no condition on the outcome is left unread (a classifier of another
// package, a func parameter). A wrapper that hands the parameter on to
// another wrapper is known when that one is and the rest holds.
func (s *scanner) ignoresCtx(site *Site, fd *ast.FuncDecl, param int) bool {
	if site.Bound.Ctx || !s.ctxFree(fd) {
		return false
	}
	sig := s.info.Defs[fd.Name].Type().(*types.Signature)
	op, _ := sig.Params().At(param).Type().Underlying().(*types.Signature)
	if op == nil || op.Results().Len() == 0 || !isError(op.Results().At(op.Results().Len()-1).Type()) {
		return false
	}
	switch site.Kind {
	case KindWrapper:
		w := s.wrapperOf(site.Callee)
		id, ok := ast.Unparen(site.OpExpr).(*ast.Ident)
		return w != nil && w.IgnoresCtx && ok && s.info.ObjectOf(id) == sig.Params().At(param)
	case KindLoop:
	default:
		return false
	}
	region, calls := site.Region(), site.Attempt()
	if region == nil || len(calls) == 0 {
		return false
	}
	for _, c := range calls {
		p, ok := c.Common().Value.(*ssa.Parameter)
		if !ok || c.Common().IsInvoke() || paramIndex(p) != param {
			return false // the attempt is not the wrapped function
		}
	}
	for _, class := range []engine.ErrClass{engine.ErrCanceled, engine.ErrDeadline} {
		w := region.Walk(&engine.Scenario{Attempt: calls, Outcome: engine.Failed(class)}, calls[0])
		if w.Void || w.Opaque() || !w.Ends.Has(engine.EndRound) {
			return false
		}
	}
	return true
}

// ctxFree reports whether nothing in a function is a context, a request
// carrying one, a context error's name or a receive from anything but a
// timer: the function cannot see its callers' cancellation.
func (s *scanner) ctxFree(fd *ast.FuncDecl) bool {
	free := true
	ast.Inspect(fd, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectStmt:
			free = false
		case *ast.RangeStmt:
			if _, ok := s.info.TypeOf(n.X).Underlying().(*types.Chan); ok {
				free = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && !s.timerRecv(n) {
				free = false
			}
		case *ast.Ident:
			obj := s.info.ObjectOf(n)
			if obj == nil {
				break
			}
			t := obj.Type()
			switch {
			case analysisutil.PkgPath(obj) == "context",
				analysisutil.PkgPath(obj) == catalog.GRPCCodesPkg && (n.Name == "Canceled" || n.Name == "DeadlineExceeded"),
				t != nil && (engine.IsContext(t) || analysisutil.Named(t, "net/http", "Request")):
				free = false
			}
		}
		return free
	})
	return free
}
