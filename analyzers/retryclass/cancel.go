package retryclass

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
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

func (c *checker) retryAfterCancel(a *attempt) {
	b := a.site.Bound()
	if b.Unbounded() || b.Attempts == 1 {
		return
	}
	switch {
	case a.site.Kind() == retryscan.KindLoop:
		c.loopCancel(a)
	case a.site.Kind() == retryscan.KindLibrary && !b.Ctx:
		c.libraryCancel(a)
	}
}

// loopCancel reports a loop that goes round on its own context's error,
// or (wait-ignores-cancel, wait.go) one whose wait ignores the context:
// in one finding, with what the loop does after the caller gave up
// (more attempts, when nothing looks at the context; else the rest of
// the wait).
func (c *checker) loopCancel(a *attempt) {
	site := a.site
	body := site.BodyBlock()
	if body == nil || len(site.Attempt()) == 0 {
		return
	}
	ctxs := a.region.OuterContexts()
	if len(ctxs) == 0 {
		ctxs = c.requestContexts(a) // a RoundTripper's req (reqctx.go)
	}
	if len(ctxs) == 0 {
		return
	}
	a.derived = engine.Derived(ctxs)
	b := site.Bound()
	given := c.givenContext(site.Attempt()[0], a.derived)
	waits := c.blindWaits(site, body)
	if (b.Ctx || given && len(waits) > 0) && c.roundsOnContextError(a) {
		return
	}
	if len(waits) == 0 {
		return // waits in a select or a helper: may watch ctx
	}
	watches := b.Ctx || c.watchesCancel(a)
	if !given && !watches {
		return // the retry is not the context's work
	}
	// A loop that looks at the context but does not leave on it (it
	// logs ctx.Err() and sleeps on) goes on as if it did not look.
	goesOn, stops := false, b.Ctx
	if given && !watches || watches && !b.Ctx {
		v := a.verdict(scenario{cancel: true})
		goesOn = !v.opaque && v.round != nil
		stops = stops || !v.opaque && v.round == nil
		if !goesOn {
			// A caller's deadline is its most common way of giving up,
			// and a classifier may tell its error apart: every net.Error
			// is retried, and context.DeadlineExceeded is one.
			d := a.verdict(scenario{cancel: true, deadline: true})
			goesOn = !d.opaque && d.round != nil
		}
	}
	w, l := c.longestWait(a, waits)
	ctxName := c.contextName(a, ctxs)
	fix := fmt.Sprintf("wait in a select on %s.Done() and return %s.Err()", ctxName, ctxName)
	if goesOn {
		each := ""
		if l.known() {
			each = ", each wait " + l.String()
		}
		checks := "never checks " + ctxName
		if watches {
			checks = "does not stop when " + ctxName + " is done"
		}
		c.rep.Report(analysisDiag(w.at, CategoryWaitIgnoresCancel, fmt.Sprintf(
			"retry loop waits with %s and %s: after the caller gives up it goes on for %s%s; %s",
			w.name, checks, c.cost(site), each, fix)))
		return
	}
	if !l.known() {
		return // time.Sleep(c.interval): how long the caller waits is not seen
	}
	if stops && !l.retryAfter && !l.growing && l.d <= minBlindWait {
		// The caller waits little longer than a cancelled attempt takes.
		// Not so in a loop that may go on after it, however short the
		// wait: isRetriable(err) says yes to a net.Error, which
		// context.DeadlineExceeded is, and time.Sleep(250 *
		// time.Millisecond) leads to the next attempt.
		return
	}
	after := "before the loop stops"
	if !stops {
		// A classifier reads what the analyzer cannot (err.Error()):
		// whether the loop then stops is not known.
		after = "and the loop may go on after it"
	}
	c.rep.Report(analysisDiag(w.at, CategoryWaitIgnoresCancel, fmt.Sprintf(
		"retry loop waits with %s, which ignores %s: a caller that gives up still waits %s %s; %s",
		w.name, ctxName, l, after, fix)))
}

func (c *checker) libraryCancel(a *attempt) {
	site := a.site
	if site.Entry() == nil || c.classifierOption(site) {
		return
	}
	hint, ok := catalog.LookupCancelHint(site.Entry().Pkg)
	if !ok {
		return
	}
	ctxs := a.region.OuterContexts()
	if len(ctxs) == 0 {
		return
	}
	a.derived = engine.Derived(ctxs)
	if !c.doesContextWork(a) || c.roundsOnContextError(a) || c.watchesCancel(a) {
		return
	}
	v := a.verdict(scenario{cancel: true})
	if v.opaque || v.round == nil {
		return
	}
	ctxName := c.contextName(a, ctxs)
	what := fmt.Sprintf("%s is not given %s, which its operation uses", site.Name(), ctxName)
	call := site.Node().(*ast.CallExpr)
	if i := site.Entry().Ctx; i >= 0 && i < len(call.Args) {
		what = fmt.Sprintf("%s is given %s while its operation uses %s", site.Name(), shortExpr(call.Args[i]), ctxName)
	}
	c.rep.Report(analysisDiag(site.Node(), CategoryRetryAfterCancel, fmt.Sprintf(
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
func (c *checker) roundsOnContextError(a *attempt) bool {
	if a.region.MadeInside(a.derived) {
		return false
	}
	plain := conds(a.walk(scenario{cancel: true, plain: true}))
	for _, deadline := range []bool{false, true} {
		w := a.walk(scenario{cancel: true, deadline: deadline})
		for i := range w.Paths {
			p := &w.Paths[i]
			if p.End != engine.EndRound && p.End != engine.EndError || unfolded(p) {
				continue
			}
			var named ast.Expr
			for _, b := range p.Branches {
				// The condition admits the context's error and not
				// another failure: errors.Is(err, context.Canceled),
				// not !errors.Is(err, context.Canceled).
				if t2, seen := plain[b.If]; named == nil && met(b) && seen && t2 != b.Value {
					named = c.contextErrorIn(b.If)
				}
			}
			if named == nil || p.End == engine.EndError && p.Err.Kind != engine.Err {
				continue
			}
			what := shortExpr(named)
			if call, ok := named.(*ast.CallExpr); ok {
				// A classifier of the package that names the error:
				// say which one this way of failing is.
				what = "context.Canceled"
				if deadline {
					what = "context.DeadlineExceeded"
				}
				what += " (" + shortExpr(call) + " retries it)"
			}
			c.rep.Report(analysisDiag(named, CategoryRetryAfterCancel, fmt.Sprintf(
				"%s goes round on %s, the error of its own context: every further attempt fails at once and only adds delay (%s); return when the context is done",
				a.site.Name(), what, c.cost(a.site))))
			return true
		}
	}
	return false
}

// contextErrorIn returns the context error a condition names:
// context.Canceled, context.DeadlineExceeded, codes.Canceled,
// codes.DeadlineExceeded.
//
// A condition that asks a classifier of the package (isTemporary(err))
// names the error in the classifier's body, or in a function of the
// package it calls, two calls down: the call is returned.
func (c *checker) contextErrorIn(ifi *ssa.If) ast.Expr {
	if sel := c.selectorIn(ifi, isContextError); sel != nil {
		return sel
	}
	for _, e := range c.eng.ConditionOf(ifi).Exprs {
		if found := c.callNaming(e, c.namesContextErr); found != nil {
			return found
		}
	}
	return nil
}

func isContextError(obj types.Object) bool {
	switch analysisutil.PkgPath(obj) {
	case "context", catalog.GRPCCodesPkg:
		return obj.Name() == "Canceled" || obj.Name() == "DeadlineExceeded"
	}
	return false
}

// watchesCancel reports whether any condition of the attempt looks at
// cancellation: a context or a channel it depends on, a select, a
// context error or cancellation code it names.
func (c *checker) watchesCancel(a *attempt) bool {
	info := c.pass.TypesInfo
	for ifi := range conds(a.walk(scenario{cancel: true})) {
		if a.region.DepsOf(ifi.Cond, a.site.Attempt()).Ctx {
			return true
		}
		cond := c.eng.ConditionOf(ifi)
		for _, e := range append(cond.Exprs, cond.Tag) {
			if e == nil {
				continue
			}
			found := false
			ast.Inspect(e, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok {
					obj := info.ObjectOf(id)
					switch analysisutil.PkgPath(obj) {
					case "context":
						found = true
					case catalog.GRPCCodesPkg:
						found = found || id.Name == "Canceled" || id.Name == "DeadlineExceeded"
					}
				}
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}

// cancelFails decides the calls of a cancellation scenario: the attempt
// and the calls given the caller's context fail, with the context's
// error (a gRPC call with its code), or in the plain scenario with an
// error that is not the context's; a call that only derives or attaches
// the context (http.NewRequestWithContext) does not fail.
func (c *checker) cancelFails(a *attempt, sc scenario) func(ssa.CallInstruction) (engine.Outcome, bool) {
	return func(call ssa.CallInstruction) (engine.Outcome, bool) {
		if catalog.NoFailOnCancel(engine.Callee(call)) {
			return engine.Succeeded, true
		}
		given := c.givenContext(call, a.derived) && !handedOutcome(call, a.site.Attempt(), a.derived)
		if !given && !slices.Contains(a.site.Attempt(), call) {
			return engine.Outcome{}, false
		}
		switch {
		case sc.plain:
			return engine.Failed(engine.ErrPlain), true
		case isGRPC(call):
			o := engine.Failed(engine.ErrGRPC)
			o.Code = 1 // codes.Canceled
			if sc.deadline {
				o.Code = 4 // codes.DeadlineExceeded
			}
			return o, true
		case given && sc.deadline:
			return engine.Failed(engine.ErrDeadline), true
		case given:
			return engine.Failed(engine.ErrCanceled), true
		}
		return engine.Failed(engine.ErrPlain), true
	}
}

// handedOutcome reports whether the only values made from the caller's
// context a call is given are the attempt's results. The response of the
// attempt is its outcome, as its error is, not a carrier of the context:
// a classifier of the package handed it is read through its body, not
// taken to fail when the context is done, and what is read from the
// response (its Body) still carries the context.
//
//	resp, err = client.Do(req)
//	if !retryable(resp, err) { return resp, err } // retryable(ctx error) is true
//
// An operation's whole body is its attempt (attempt is nil): there the
// outcomes are the errors and responses of the calls it makes with the
// context, not only handed what other calls returned.
//
//	resp, err := get(ctx, url)
//	return retryOn(resp, err) // a policy of the package: read, with err the context's
func handedOutcome(call ssa.CallInstruction, attempt []ssa.CallInstruction, derived map[ssa.Value]bool) bool {
	result := func(v ssa.Value) bool {
		idx := 0
		if e, ok := v.(*ssa.Extract); ok {
			v, idx = e.Tuple, e.Index
		}
		c, ok := v.(ssa.CallInstruction)
		if ok && len(attempt) == 0 {
			// The error or the response: a request made with the
			// context (req.WithContext(ctx)) still carries it.
			role := engine.Roles(c)[idx]
			return (role == engine.RoleErr || role == engine.RoleResp) &&
				slices.ContainsFunc(engine.Operands(c), func(v ssa.Value) bool { return derived[v] }) && !handedOutcome(c, nil, derived)
		}
		return ok && slices.Contains(attempt, c)
	}
	handed := false
	for _, v := range engine.Operands(call) {
		if !derived[v] {
			continue
		}
		if !result(v) {
			return false
		}
		handed = true
	}
	return handed
}

// givenContext reports whether a call is given a value made from the
// caller's context.
func (c *checker) givenContext(call ssa.CallInstruction, derived map[ssa.Value]bool) bool {
	return slices.ContainsFunc(engine.Operands(call), func(v ssa.Value) bool { return derived[v] })
}

// doesContextWork reports whether an operation makes a call given the
// context, other than one that only derives or attaches it.
func (c *checker) doesContextWork(a *attempt) bool {
	for _, b := range a.region.Func().Blocks {
		for _, in := range b.Instrs {
			call, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if catalog.NoFailOnCancel(engine.Callee(call)) {
				continue
			}
			cc := call.Common()
			for i, v := range engine.Operands(call) {
				if a.derived[v] && !(i == 0 && cc.IsInvoke() && engine.IsContext(v.Type())) {
					return true
				}
			}
		}
	}
	return false
}

// contextName names the context whose work the attempt does, the first
// in source order of those it is given.
func (c *checker) contextName(a *attempt, ctxs []ssa.Value) string {
	attempt := a.site.Attempt()
	best := ""
	var bestPos token.Pos
	for _, ctx := range ctxs {
		name := engine.Name(ctx)
		if name == "" {
			continue
		}
		if isRequest(ctx) {
			name += ".Context()" // the request's context
		}
		if len(attempt) > 0 && len(ctxs) > 1 && !c.givenContext(attempt[0], engine.Derived([]ssa.Value{ctx})) {
			continue
		}
		if best == "" || ctx.Pos() < bestPos {
			best, bestPos = name, ctx.Pos()
		}
	}
	if best == "" {
		return "ctx"
	}
	return best
}
