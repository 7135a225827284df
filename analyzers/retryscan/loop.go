package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A hand-rolled retry loop runs an operation, leaves the loop when it
// succeeds and goes round again when it fails:
//
//	for i := 0; i < 3; i++ {          for {
//		err = op()                        if err := op(); err != nil {
//		if err == nil {                       time.Sleep(d)
//			break                             continue
//		}                                 }
//		time.Sleep(d)                     return nil
//	}                                 }
//
// What is not a retry loop, and why the tests keep it so:
//   - read and scan loops: success goes round again, an error leaves;
//   - accept, worker and event loops: success does not leave;
//   - failover loops: each iteration tries a different element
//     (for _, h := range hosts, or hosts[i] in a counted loop);
//   - poll loops: the loop waits on a ticker for a state to change, or
//     goes round only on "not found" (absence.go);
//   - event loops: each iteration waits for another goroutine, and
//     hand-off loops, which try a non-blocking send to one (events.go).

// loopSite returns the retry site a loop is, or nil.
func (s *scanner) loopSite(fn ast.Node, loop ast.Stmt) *Site {
	var body *ast.BlockStmt
	var counter types.Object // the loop variable of a counted loop
	switch l := loop.(type) {
	case *ast.RangeStmt:
		// Only `for range n` and an attempt iterator (iterators.go)
		// repeat one thing; ranging over a slice, map, channel or other
		// iterator visits different things.
		// A schedule of waits (failover.go) hands out the waits
		// between attempts of one call.
		if !isInteger(s.info.TypeOf(l.X)) && !s.isAttemptIterator(l) && !isSchedule(s.info.TypeOf(l.X)) {
			return nil
		}
		body = l.Body
		if id, ok := l.Key.(*ast.Ident); ok {
			counter = s.info.ObjectOf(id)
		}
	case *ast.ForStmt:
		if site := s.controllerLoop(fn, l); site != nil {
			return site
		}
		body = l.Body
		counter = forCounter(s.info, l)
	}
	if body == nil || len(body.List) == 0 || s.pollsTicker(body) || s.awaitsEvent(body) {
		return nil
	}
	if f, ok := loop.(*ast.ForStmt); ok {
		if coll := condOverLen(f.Cond); coll != nil && !isSchedule(s.info.TypeOf(coll)) {
			return nil // failover: for i := 0; i < len(hosts); i++
		}
	}
	iter := false
	if r, ok := loop.(*ast.RangeStmt); ok && s.isAttemptIterator(r) {
		iter = true
	}
	waitsInCond := false
	if f, ok := loop.(*ast.ForStmt); ok && f.Cond != nil {
		_, _, waitsInCond = s.driverBound(f.Cond) // for r.Wait(ctx)
	}
	// A retry loop either counts its attempts or waits between them; one
	// that does neither is a parser or cursor loop. This is read before
	// the engine is asked, so that a package of such loops builds no SSA.
	pauses := waitsInCond || iter || s.pauses(body) || len(s.policyWaits(loop, body)) > 0 // if !p.Attempt(q) (policywait.go)
	if !pauses && (!s.counts(loop, body) || !s.leavesOnSuccess(body)) {
		return nil
	}
	region := s.loopRegion(fn, loop, body.List)
	d := s.decide(region)
	var per *periodic
	if d == nil && pauses {
		d, per = s.periodic(region, body) // success goes round too (periodic.go)
	}
	if d == nil {
		return nil
	}
	call := d.call
	if !pauses && d.byBool {
		return nil // counted calls of a bool function are more often a search
	}
	if d.verdict && (!pauses || s.localCall(call)) {
		return nil // a verdict decides a retry that waits, of a call that may go remote
	}
	if s.handsOff(call) {
		return nil // waits for a consumer goroutine (events.go)
	}
	if counter != nil && s.failsOver(body, call, counter) {
		return nil // failover: hosts[i]
	}
	if s.repicks(loop, body, call) {
		return nil // failover: for b := pool.Pick(); b != nil; b = pool.Pick()
	}
	counters := s.counters(loop, loopCond(loop), body)
	if counter != nil {
		counters[counter] = true
	}
	if !s.stableCall(body, call, counters) {
		return nil // each iteration works on something new: err = x.Unwrap()
	}
	if r, ok := loop.(*ast.RangeStmt); ok && iter && s.yieldedIn(r, call) {
		return nil // each iteration tries what the iterator yields: a failover
	}
	if s.pollsAbsence(d) {
		return nil // waits for something to appear (absence.go)
	}
	site := &Site{kind: KindLoop, node: loop, name: ViaLoop, fn: fn, body: body, attemptCall: call,
		region: known(d.region), attempt: d.calls}
	site.requestVerdict = d.verdict && anyNode(body, true, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		return ok && s.handsRequest(c) // t.retry(Attempt{Request: req, ...})
	})
	anyIf(body, func(ifs *ast.IfStmt, inSwitch bool) bool {
		if exits(ifs.Body.List, inSwitch) {
			site.once = append(site.once, ifs.Body)
		}
		if e, ok := ifs.Else.(*ast.BlockStmt); ok && exits(e.List, inSwitch) {
			site.once = append(site.once, e)
		}
		return false // every if statement
	})
	site.bound = s.loopBound(d, body)
	if d.verdict && site.bound.Attempts == catalog.AttemptsUnbounded {
		site.bound.Attempts = catalog.AttemptsUnknown // the verdict may bound it: attempt.Index < max
	}
	if r, ok := loop.(*ast.RangeStmt); ok {
		if iter {
			site.bound = site.bound.or(s.iteratorBound(r, d.region))
		} else if n, ok := s.intConst(r.X); ok {
			site.bound.Attempts = int(n)
		}
	}
	site.delay = &lazy[Delay]{compute: func() Delay {
		delay := s.loopDelay(site)
		if f, ok := loop.(*ast.ForStmt); ok && waitsInCond && len(delay.Waits) == 0 {
			_, delay, _ = s.driverBound(f.Cond) // for r.Wait(ctx): the driver waits
		}
		if r, ok := loop.(*ast.RangeStmt); ok && iter && len(delay.Waits) == 0 {
			_, delay, _ = s.driverBound(r.X) // the iterator waits: unknown unless catalogued
		}
		return delay
	}}
	if per != nil {
		per.apply(s, site)
	}
	return site
}

// A retry loop either counts its attempts or waits between them. A loop
// that does neither and still "retries" on an error makes progress on
// every iteration instead: it parses the next flag, reads the next
// fragment, draws the next random candidate, waits for the next packet
// (flag.Parse, bufio's collectFragments, rejection sampling in
// crypto/ecdh, the DNS client's read loop). Those are not retries.

// counts reports whether a loop counts its iterations: for range n, a
// three-clause loop on a counter, or an exit tested on a variable the
// loop increments (attempt++; if attempt >= max { return err }).
func (s *scanner) counts(loop ast.Stmt, body *ast.BlockStmt) bool {
	if _, ok := loop.(*ast.RangeStmt); ok {
		return true // over an integer, checked by the caller
	}
	f := loop.(*ast.ForStmt)
	return len(s.counters(f, f.Cond, body)) > 0
}

// counters returns the variables that loop (a statement, or the span of
// a goto loop) steps, with x++, x--, x += d or x -= d, and tests to
// leave: in cond, the loop's condition, or in an if of body whose branch
// leaves. They count attempts.
func (s *scanner) counters(loop ast.Node, cond ast.Expr, body *ast.BlockStmt) map[types.Object]bool {
	out := map[types.Object]bool{}
	inspectFlat(loop, func(n ast.Node) {
		obj := s.stepped(n)
		if obj == nil || out[obj] {
			return
		}
		one := map[types.Object]bool{obj: true}
		mentions := func(e ast.Node) bool { return mentionsAny(s.info, e, one) }
		if cond != nil && mentions(cond) || anyIf(body, func(ifs *ast.IfStmt, inSwitch bool) bool {
			return mentions(ifs.Cond) && (exits(ifs.Body.List, inSwitch) || (ifs.Else != nil && exits(elseStmts(ifs), inSwitch)))
		}) {
			out[obj] = true
		}
	})
	return out
}

// loopCond returns the condition of a for statement, or nil.
func loopCond(loop ast.Stmt) ast.Expr {
	if f, ok := loop.(*ast.ForStmt); ok {
		return f.Cond
	}
	return nil
}

// stepped returns the variable a statement steps by a constant or any
// amount (x++, x--, x += d, x -= d), or nil.
func (s *scanner) stepped(n ast.Node) types.Object {
	var x ast.Expr
	switch n := n.(type) {
	case *ast.IncDecStmt:
		x = n.X
	case *ast.AssignStmt:
		if n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN {
			x = n.Lhs[0]
		}
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		return s.info.ObjectOf(id)
	}
	return nil
}

// leavesOnSuccess reports, on syntax, whether a loop body may leave when
// a call succeeds: an exit under a test of an error against nil (err ==
// nil, or err != nil with the exit in the else branch), a continue under
// err != nil, an exit under a status test. It only tells a loop that does
// not wait whether to ask the engine at all: an index loop that returns
// on the first error (if err != nil { return err }) does not, and its
// package builds no SSA. A test of err != nil in the loop body followed by
// an exit leaves on success too, when the test's body may go round:
//
//	for {
//		res, err = fn()
//		if err != nil {
//			if isRetryable(err) { ...; continue }
//			return
//		}
//		return // success
//	}
func (s *scanner) leavesOnSuccess(body *ast.BlockStmt) bool {
	for i, st := range body.List {
		if ifs, ok := st.(*ast.IfStmt); ok && ifs.Else == nil && exits(body.List[i+1:], false) {
			if _, ne, _ := s.nilTests(ifs.Cond); ne && continues(ifs.Body) {
				return true
			}
		}
	}
	return anyIf(body, func(ifs *ast.IfStmt, inSwitch bool) bool {
		eq, ne, status := s.nilTests(ifs.Cond)
		switch {
		case (eq || status) && exits(ifs.Body.List, inSwitch):
			return true
		case ne && ifs.Else != nil && exits(elseStmts(ifs), inSwitch):
			return true
		case ne && len(ifs.Body.List) > 0:
			b, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.BranchStmt)
			return ok && b.Tok == token.CONTINUE
		}
		return false
	})
}

// continues reports whether a block holds a continue of the loop it is
// in (not of a loop nested in it).
func continues(b *ast.BlockStmt) bool {
	found := false
	ast.Inspect(b, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			found = found || n.Tok == token.CONTINUE && n.Label == nil
		}
		return !found
	})
	return found
}

// nilTests reports what a condition tests: an error == nil, an error !=
// nil, a response's StatusCode.
func (s *scanner) nilTests(cond ast.Expr) (eq, ne, status bool) {
	ast.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if (n.Op == token.EQL || n.Op == token.NEQ) && (isNil(s.info, n.X) && isError(s.info.TypeOf(n.Y)) || isNil(s.info, n.Y) && isError(s.info.TypeOf(n.X))) {
				eq, ne = eq || n.Op == token.EQL, ne || n.Op == token.NEQ
			}
		case *ast.SelectorExpr:
			status = status || n.Sel.Name == "StatusCode"
		}
		return true
	})
	return
}

// pauses reports whether a loop body waits between attempts: a wait call
// (time.Sleep, time.After, a timer), a select or channel receive, or a
// call of something named like a pause (sleep, backoff, delay: helpers
// such as sleepCtx(ctx, d)). "Wait" is not among the names: WaitWrite,
// wg.Wait and cond.Wait block on an event, as a read does.
func (s *scanner) pauses(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectStmt:
			if hasDefault(n) || s.awaitsRound(n, body) {
				return false // a select that does not block, or waits for this round's work
			}
			found = true
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW && !s.roundChan(n.X, body)
		case *ast.CallExpr:
			if s.isWait(n) || s.isDriver(n) {
				found = true
			} else if name := strings.ToLower(s.calledName(n)); name != "" {
				for _, w := range []string{"sleep", "backoff", "delay", "pause"} {
					if strings.Contains(name, w) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// calledName is the name a call goes by: its callee's, or for a
// function value the variable's or field's (sleepFn(ctx, d),
// c.hooks.backoff(n), wait[T](d)); "" for other calls (f()(), fns[i]()).
func (s *scanner) calledName(call *ast.CallExpr) string {
	if fn := s.calleeOf(call); fn != nil {
		return fn.Name()
	}
	if tv, ok := s.info.Types[call.Fun]; !ok || tv.IsType() || tv.IsBuiltin() {
		return "" // a conversion Delay(n), a builtin
	}
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.IndexExpr:
		if id, ok := ast.Unparen(f.X).(*ast.Ident); ok {
			return id.Name
		}
	}
	return ""
}

// controllerLoop recognizes a loop driven by a backoff controller, whose
// body is the attempt:
//
//	c := p.Start(ctx)
//	for backoff.Continue(c) {
//		if err := op(); err == nil {
//			return nil
//		}
//	}
func (s *scanner) controllerLoop(fn ast.Node, l *ast.ForStmt) *Site {
	call, ok := ast.Unparen(l.Cond).(*ast.CallExpr)
	if !ok {
		return nil
	}
	callee := s.calleeOf(call)
	row := catalog.LookupRetry(callee)
	if row == nil || row.Role != catalog.RoleLoop || row.Op >= 0 {
		return nil
	}
	site := &Site{kind: KindLibrary, node: l, name: row.Display, entry: row, callee: callee, fn: fn, body: l.Body}
	site.region = &lazy[*engine.Region]{compute: func() *engine.Region { return s.loopRegion(fn, l, l.Body.List) }}
	nodes := s.configNodes(fn, call.Args...)
	site.bound, _ = s.boundWays(row, call, nodes, s.configWays(fn, nodes, call.Args...), false)
	site.bound.Ctx = site.bound.Ctx || s.mentionsContext(nodes)
	site.config = nodes
	site.delay = &lazy[Delay]{compute: func() Delay { return s.libraryDelay(site, nodes) }}
	return site
}

// mentionsContext reports whether configuration passes a context that
// can be cancelled (p.Start(ctx) with ctx not Background or TODO).
func (s *scanner) mentionsContext(nodes []ast.Node) bool {
	for _, n := range nodes {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			continue
		}
		for _, a := range call.Args {
			if analysisutil.Named(s.info.TypeOf(a), "context", "Context") && !s.endless(a) {
				return true
			}
		}
	}
	return false
}

// anyIf reports whether f holds for an if statement of the loop body
// that a break or continue of the loop can be written in (not inside
// nested loops or function literals), stopping at the first. inSwitch
// says an unlabeled break there leaves a switch or select, not the loop.
func anyIf(body *ast.BlockStmt, f func(ifs *ast.IfStmt, inSwitch bool) bool) bool {
	var visit func(list []ast.Stmt, inSwitch bool) bool
	visit = func(list []ast.Stmt, inSwitch bool) bool {
		for _, st := range list {
			switch st := st.(type) {
			case *ast.IfStmt:
				if f(st, inSwitch) || visit(st.Body.List, inSwitch) || st.Else != nil && visit([]ast.Stmt{st.Else}, inSwitch) {
					return true
				}
			case *ast.BlockStmt:
				if visit(st.List, inSwitch) {
					return true
				}
			case *ast.LabeledStmt:
				if visit([]ast.Stmt{st.Stmt}, inSwitch) {
					return true
				}
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				for _, c := range clauses(st) {
					if visit(stmtList(c), true) {
						return true
					}
				}
			}
		}
		return false
	}
	return visit(body.List, false)
}

func elseStmts(ifs *ast.IfStmt) []ast.Stmt {
	switch e := ifs.Else.(type) {
	case *ast.BlockStmt:
		return e.List
	case *ast.IfStmt:
		return []ast.Stmt{e}
	}
	return nil
}

// pollsTicker reports whether the loop body waits on a ticker, the mark
// of a poll loop: <-ticker.C, <-time.Tick(d).
func (s *scanner) pollsTicker(body *ast.BlockStmt) bool {
	return anyNode(body, false, func(n ast.Node) bool {
		u, ok := n.(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			return false
		}
		switch x := ast.Unparen(u.X).(type) {
		case *ast.SelectorExpr:
			return x.Sel.Name == "C" && analysisutil.Named(s.info.TypeOf(x.X), "time", "Ticker")
		case *ast.CallExpr:
			return analysisutil.IsFunc(analysisutil.Callee(s.info, x), "time", "", "Tick")
		}
		return false
	})
}

// forCounter returns the variable a three-clause loop counts with:
//
//	for i := 0; i < n; i++
func forCounter(info *types.Info, f *ast.ForStmt) types.Object {
	as, ok := f.Init.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 {
		return nil
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	obj := info.ObjectOf(id)
	if obj == nil || !isInteger(obj.Type()) {
		return nil
	}
	return obj
}
