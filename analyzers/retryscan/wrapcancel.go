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
// Known means all of: nothing in the wrapper (receiver, parameters,
// body) is a context or a request that carries one, or names a context
// error; it receives only from timers (no select, no stop channel); the
// parameter's function returns an error; and the retry is one of:
//   - a hand-rolled loop with no context among what ends it, whose
//     attempt is the call of the parameter, and where, when that call
//     fails with a context's error (cancelled, or past its deadline), a
//     way goes round and no condition on the outcome is left unread (a
//     classifier of another package, a func parameter);
//   - a library retry handed the parameter and no context
//     (libraryIgnoresCtx);
//   - another wrapper handed the parameter, itself known.
func (s *scanner) ignoresCtx(site *Site, fd *ast.FuncDecl, param int) bool {
	if site.bound.Ctx || !s.ctxFree(fd) {
		return false
	}
	sig := s.info.Defs[fd.Name].Type().(*types.Signature)
	op := paramFunc(sig, param)
	if op == nil || op.Results().Len() == 0 || !isError(op.Results().At(op.Results().Len()-1).Type()) {
		return false
	}
	id, direct := ast.Unparen(site.opExpr).(*ast.Ident)
	direct = direct && s.info.ObjectOf(id) == sig.Params().At(param)
	switch site.kind {
	case KindWrapper:
		w := s.wrapperOf(site.callee)
		return direct && w != nil && w.IgnoresCtx
	case KindLibrary:
		return direct && s.libraryIgnoresCtx(site)
	case KindLoop:
	default:
		return false
	}
	for _, c := range site.Attempt() {
		p, ok := c.Common().Value.(*ssa.Parameter)
		if !ok || c.Common().IsInvoke() || engine.ParamIndex(p) != param {
			return false // the attempt is not the wrapped function
		}
	}
	for _, class := range []engine.ErrClass{engine.ErrCanceled, engine.ErrDeadline} {
		if round, known := s.attemptFails(site, class); !known || !round {
			return false
		}
	}
	return true
}

// libraryIgnoresCtx reports a library retry that goes round on any
// error of its operation and, not given a context, never stops for one:
// retry.Do(f, retry.Attempts(3)), backoff.Retry(f, b). An option that
// hands the decision to user code (retry.RetryIf(isTransient)), or
// options spread from a slice, may stop it: not known.
func (s *scanner) libraryIgnoresCtx(site *Site) bool {
	call, ok := site.node.(*ast.CallExpr)
	if !ok || site.entry == nil || call.Ellipsis.IsValid() || !catalog.ErrorOperation(site.entry.Pkg) {
		return false
	}
	if _, ok := catalog.LookupCancelHint(site.entry.Pkg); !ok {
		return false
	}
	return !anyNode(call, true, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		h := catalog.LookupClassHook(s.calleeOf(c))
		return h != nil && h.Hook == catalog.HookClassifier
	})
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
			if n.Op == token.ARROW && !analysisutil.TimerRecv(s.info, n) {
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
