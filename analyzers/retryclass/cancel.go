package retryclass

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// retry-after-cancel: the retry goes on after the caller's context is
// done. The attempt is given the context (its call, or the request it
// sends, carries ctx), so once the caller gives up every further attempt
// fails with context.Canceled, and the retry sleeps and tries again
// until its attempts run out:
//
//	for i := 0; i < 6; i++ {
//		resp, err := client.Do(req.WithContext(ctx))
//		if err == nil {
//			return resp, nil
//		}
//		time.Sleep(d)   // ignores ctx; nothing on the failure path looks at it
//		d *= 2
//	}
//
// A library retry is the same when its operation uses ctx but the retry
// is not given it: backoff.Retry without backoff.WithContext, retry.Do
// without retry.Context(ctx), backoff v5 given context.Background().
//
// The retry is quiet when anything on its failure path looks at the
// context or its error (ctx.Err(), <-ctx.Done(), errors.Is(err,
// context.Canceled), codes.Canceled), when the decision cannot be read
// (isRetryable(err)), and when the recognizer finds no bound at all
// (unboundedbackoff reports that). A decision that explicitly goes round
// on the context's own error is reported too.

func (c *checker) retryAfterCancel(site *retryscan.Site, d *retryscan.Decision) {
	b := site.Bound
	if d == nil || b.Ctx || b.Unbounded() || b.Attempts == 1 {
		return
	}
	switch site.Kind {
	case retryscan.KindLoop:
		c.loopCancel(site, d)
	case retryscan.KindLibrary:
		c.libraryCancel(site, d)
	}
}

func (c *checker) loopCancel(site *retryscan.Site, d *retryscan.Decision) {
	body := site.BodyBlock()
	if body == nil || site.AttemptCall == nil {
		return
	}
	ctxs := c.outerContexts(site.Func, site.Func, body)
	if len(ctxs) == 0 {
		return
	}
	derived := c.derived(site.Func, ctxs)
	if !mentionsObj(c.pass.TypesInfo, site.AttemptCall, derived) {
		return // the attempt is not the context's work
	}

	wait := c.blindWait(site, body)
	if wait == nil {
		return // waits in a select or a helper: may watch ctx
	}
	if c.roundsOnContextError(site, d, body, derived) {
		return
	}
	if c.watchesCancel(d) {
		return
	}
	v := c.cancelVerdict(site, d, derived, false)
	if v.opaque || v.round == nil {
		return
	}
	ctxName := nameOf(c.origins(site.Func, site.AttemptCall, ctxs))
	c.rep.Report(analysisDiag(wait, CategoryRetryAfterCancel, fmt.Sprintf(
		"retry loop waits with %s and never checks %s: after the caller gives up it goes on for %s; wait in a select on %s.Done() and return %s.Err()",
		c.waitName(wait), ctxName, c.cost(site), ctxName, ctxName)))
}

func (c *checker) libraryCancel(site *retryscan.Site, d *retryscan.Decision) {
	lit, ok := site.Body.(*ast.FuncLit)
	if !ok || site.Entry == nil || c.classifierOption(site) {
		return
	}
	hint, ok := catalog.LookupCancelHint(site.Entry.Pkg)
	if !ok {
		return
	}
	ctxs := c.outerContexts(site.Func, lit, lit)
	if len(ctxs) == 0 {
		return
	}
	derived := c.derived(site.Func, ctxs)
	if !c.doesContextWork(lit, derived) {
		return
	}
	if c.roundsOnContextError(site, d, lit, derived) || c.watchesCancel(d) {
		return
	}
	v := c.cancelVerdict(site, d, derived, false)
	if v.opaque || v.round == nil {
		return
	}
	ctxName := nameOf(c.origins(site.Func, lit, ctxs))
	what := fmt.Sprintf("%s is not given %s, which its operation uses", site.Name, ctxName)
	call := site.Node.(*ast.CallExpr)
	if i := site.Entry.Ctx; i >= 0 && i < len(call.Args) {
		what = fmt.Sprintf("%s is given %s while its operation uses %s", site.Name, shortExpr(call.Args[i]), ctxName)
	}
	c.rep.Report(analysisDiag(site.Node, CategoryRetryAfterCancel, fmt.Sprintf(
		"%s: after the caller gives up it goes on for %s; %s", what, c.cost(site), hint.Fix)))
}

// roundsOnContextError reports (and reports whether it found) a decision
// that goes round on the error of the caller's own context:
//
//	if errors.Is(err, context.DeadlineExceeded) {
//		continue
//	}
//
// An attempt given a context made for it in the body (a per-attempt
// timeout) may time out and be retried: that is not this.
func (c *checker) roundsOnContextError(site *retryscan.Site, d *retryscan.Decision, body ast.Node, derived map[types.Object]bool) bool {
	if c.perAttemptContext(body, derived) {
		return false
	}
	plain := c.cancelEvaluator(site, body, derived, false)
	plain.fails = func(call *ast.CallExpr) (errClass, bool) {
		_, fails := c.cancelEvaluator(site, body, derived, false).fails(call)
		return errPlain, fails
	}
	plain.sc = scenario{}
	for _, deadline := range []bool{false, true} {
		ev := c.cancelEvaluator(site, body, derived, deadline)
		for i := range d.Paths {
			p := &d.Paths[i]
			if p.End != retryscan.EndRound && p.End != retryscan.EndError {
				continue
			}
			var named ast.Expr
			possible := true
			for _, cond := range p.Conds {
				t, related := ev.cond(p, cond)
				if t == no || (t == unknown && related) {
					possible = false
					break
				}
				if t == yes && named == nil {
					// The condition admits the context's error and not
					// another failure: errors.Is(err, context.Canceled),
					// not !errors.Is(err, context.Canceled).
					if t2, _ := plain.cond(p, cond); t2 == no {
						named = c.contextErrorIn(cond)
					}
				}
			}
			if !possible || named == nil {
				continue
			}
			if p.End == retryscan.EndError && (p.Err == nil || ev.eval(p, len(p.Steps), p.Err).kind != vErr) {
				continue
			}
			c.rep.Report(analysisDiag(named, CategoryRetryAfterCancel, fmt.Sprintf(
				"%s goes round on %s, the error of its own context: every further attempt fails at once and only adds delay (%s); return when the context is done",
				site.Name, shortExpr(named), c.cost(site))))
			return true
		}
	}
	return false
}

// contextErrorIn returns the context error a condition names:
// context.Canceled, context.DeadlineExceeded, codes.Canceled,
// codes.DeadlineExceeded.
func (c *checker) contextErrorIn(cond retryscan.Cond) ast.Expr {
	var found ast.Expr
	for _, e := range cond.Any {
		ast.Inspect(e, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || found != nil {
				return found == nil
			}
			obj := c.pass.TypesInfo.ObjectOf(sel.Sel)
			switch analysisutil.PkgPath(obj) {
			case "context", catalog.GRPCCodesPkg:
				if obj.Name() == "Canceled" || obj.Name() == "DeadlineExceeded" {
					found = sel
				}
			}
			return found == nil
		})
	}
	return found
}

// watchesCancel reports whether any condition of the decision looks at
// cancellation: a context, a context error, a cancellation code, a
// channel receive, a select clause.
func (c *checker) watchesCancel(d *retryscan.Decision) bool {
	info := c.pass.TypesInfo
	for _, p := range d.Paths {
		for _, cond := range p.Conds {
			if _, ok := cond.Node.(*ast.CommClause); ok {
				return true
			}
			nodes := []ast.Node{cond.Tag}
			for _, e := range cond.Any {
				nodes = append(nodes, e)
			}
			for _, n := range nodes {
				if n == nil {
					continue
				}
				found := false
				ast.Inspect(n, func(m ast.Node) bool {
					switch m := m.(type) {
					case *ast.Ident:
						obj := info.ObjectOf(m)
						if v, ok := obj.(*types.Var); ok && isContext(v.Type()) || analysisutil.PkgPath(obj) == "context" {
							found = true
						}
						if analysisutil.PkgPath(obj) == catalog.GRPCCodesPkg && (m.Name == "Canceled" || m.Name == "DeadlineExceeded") {
							found = true
						}
					case *ast.UnaryExpr:
						found = found || m.Op == token.ARROW
					}
					return !found
				})
				if found {
					return true
				}
			}
		}
	}
	return false
}

// cancelVerdict evaluates the decision when the caller's context is
// done: calls given it fail with its error, the attempt call fails.
func (c *checker) cancelVerdict(site *retryscan.Site, d *retryscan.Decision, derived map[types.Object]bool, deadline bool) verdict {
	return c.cancelEvaluator(site, site.Body, derived, deadline).verdict(d)
}

func (c *checker) cancelEvaluator(site *retryscan.Site, body ast.Node, derived map[types.Object]bool, deadline bool) *evaluator {
	info := c.pass.TypesInfo
	return &evaluator{
		info:    info,
		sc:      scenario{cancel: true, deadline: deadline},
		related: c.relatedVars(body),
		fails: func(call *ast.CallExpr) (errClass, bool) {
			fn := calleeOf(info, call)
			if h := catalog.LookupClassHook(fn); h != nil && h.Hook == catalog.HookNoFail {
				return 0, false
			}
			if call != site.AttemptCall && !mentionsObj(info, call, derived) {
				return 0, false
			}
			if retryscan.IsGRPCCall(fn) {
				return errGRPC, true
			}
			if mentionsObj(info, call, derived) {
				return errCtx, true
			}
			return errPlain, true
		},
	}
}

// doesContextWork reports whether an operation makes a call given the
// context, other than one that only derives or attaches it.
func (c *checker) doesContextWork(lit *ast.FuncLit, derived map[types.Object]bool) bool {
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if h := catalog.LookupClassHook(calleeOf(info, n)); h != nil && h.Hook == catalog.HookNoFail {
				return true
			}
			for _, a := range n.Args {
				found = found || mentionsObj(info, a, derived)
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
				found = found || mentionsObj(info, sel.X, derived) && !isContext(info.TypeOf(sel.X))
			}
		}
		return !found
	})
	return found
}

// blindWait returns a wait of the loop that does not watch the context:
// time.Sleep, or a receive from time.After outside a select.
func (c *checker) blindWait(site *retryscan.Site, body *ast.BlockStmt) *ast.CallExpr {
	inSelect := map[*ast.CallExpr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectStmt); ok {
			ast.Inspect(sel, func(m ast.Node) bool {
				if call, ok := m.(*ast.CallExpr); ok {
					inSelect[call] = true
				}
				return true
			})
			return false
		}
		return true
	})
	for _, w := range site.Delay().Waits {
		fn := analysisutil.Callee(c.pass.TypesInfo, w)
		if analysisutil.IsFunc(fn, "time", "", "Sleep") || analysisutil.IsFunc(fn, "time", "", "After") && !inSelect[w] {
			return w
		}
	}
	return nil
}

func (c *checker) waitName(call *ast.CallExpr) string {
	if analysisutil.IsFunc(analysisutil.Callee(c.pass.TypesInfo, call), "time", "", "After") {
		return "<-time.After"
	}
	return "time.Sleep"
}
