package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
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
//   - poll loops: the loop waits on a ticker for a state to change.

// loopSite returns the retry site a loop is, or nil.
func (s *scanner) loopSite(fn ast.Node, loop ast.Stmt) *Site {
	var body *ast.BlockStmt
	var counter types.Object // the loop variable of a counted loop
	switch l := loop.(type) {
	case *ast.RangeStmt:
		// Only `for range n` repeats one thing; ranging over a slice,
		// map, channel or iterator visits different things.
		if !isInteger(s.info.TypeOf(l.X)) {
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
	if body == nil || s.pollsTicker(body) {
		return nil
	}
	call, success := s.successExit(loop, body)
	if call == nil {
		return nil
	}
	if counter != nil && s.failsOver(body, call, counter) {
		return nil // failover: hosts[i]
	}
	if f, ok := loop.(*ast.ForStmt); ok && condOverLen(f.Cond) {
		return nil // failover: for i := 0; i < len(hosts); i++
	}
	if !s.stableCall(body, call, counter) {
		return nil // each iteration works on something new: err = x.Unwrap()
	}
	if !s.counts(loop, body) && !s.pauses(body) {
		return nil // neither counts attempts nor waits: a parser or cursor loop
	}
	site := &Site{Kind: KindLoop, Node: loop, Name: "retry loop", Func: fn, Body: body, AttemptCall: call}
	site.Bound = s.loopBound(loop, body, counter, success)
	site.delay = deferDelay(func() Delay { return s.loopDelay(site) })
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
	incr := map[types.Object]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				incr[s.info.ObjectOf(id)] = true
			}
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN || n.Tok == token.SUB_ASSIGN {
				if id, ok := ast.Unparen(n.Lhs[0]).(*ast.Ident); ok {
					incr[s.info.ObjectOf(id)] = true
				}
			}
		}
		return true
	})
	if len(incr) == 0 {
		return false
	}
	mentions := func(e ast.Node) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && incr[s.info.ObjectOf(id)] {
				found = true
			}
			return !found
		})
		return found
	}
	if f.Cond != nil && mentions(f.Cond) {
		return true
	}
	counted := false
	s.eachIf(body, func(ifs *ast.IfStmt, rest []ast.Stmt, inSwitch bool) bool {
		ex := exitCtx{loop: loop, inSwitch: inSwitch}
		if mentions(ifs.Cond) && (ex.exits(ifs.Body.List) || (ifs.Else != nil && ex.exits(elseStmts(ifs)))) {
			counted = true
		}
		return !counted
	})
	return counted
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
			for _, c := range n.Body.List {
				if c.(*ast.CommClause).Comm == nil {
					return false // with a default case, a select does not block
				}
			}
			found = true
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW
		case *ast.CallExpr:
			if s.isWait(n) {
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
	site := &Site{Kind: KindLibrary, Node: l, Name: row.Display, Entry: row, Callee: callee, Func: fn, Body: l.Body}
	nodes := s.configNodes(fn, call.Args...)
	site.Bound, _ = s.evalBound(row, call, nodes)
	site.Bound.Ctx = site.Bound.Ctx || s.mentionsContext(nodes)
	site.delay = deferDelay(func() Delay { return s.libraryDelay(site, nodes) })
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
			if isNamed(s.info.TypeOf(a), "context", "Context") && !isBackgroundCall(s.info, a) {
				return true
			}
		}
	}
	return false
}

// successExit finds the check that leaves the loop when the attempt
// succeeded while a failure goes round again, and returns the attempt's
// call and the if statement of the check (nil for a condition loop), or
// a nil call when the loop has no such check.
func (s *scanner) successExit(loop ast.Stmt, body *ast.BlockStmt) (*ast.CallExpr, *ast.IfStmt) {
	// A condition loop retries while the error is set:
	//	for err = op(); err != nil; err = op() { sleep }
	if f, ok := loop.(*ast.ForStmt); ok && f.Cond != nil {
		if x, succTrue, ok := s.errCheck(f.Cond); ok && !succTrue {
			if call := s.assignedCall(x, f.Init, f.Post, body); call != nil {
				return call, nil
			}
		}
	}
	var found *ast.CallExpr
	var foundIf *ast.IfStmt
	s.eachIf(body, func(ifs *ast.IfStmt, rest []ast.Stmt, inSwitch bool) bool {
		x, succTrue, ok := s.errCheck(ifs.Cond)
		if !ok {
			return true
		}
		call := s.assignedCall(x, ifs.Init, nil, body)
		if call == nil {
			return true
		}
		ex := exitCtx{loop: loop, inSwitch: inSwitch}
		var success, failure []ast.Stmt
		if succTrue {
			success = ifs.Body.List
			failure = append(elseStmts(ifs), rest...)
			if ex.exits(failure) || !ex.exits(success) {
				return true
			}
		} else {
			failure = ifs.Body.List
			switch {
			case ifs.Else != nil:
				success = elseStmts(ifs)
			case ex.neverFallsThrough(failure):
				success = rest
			default:
				return true
			}
			if ex.exits(failure) || !ex.exits(success) {
				return true
			}
		}
		if endsNoReturn(success) {
			return true // success aborts: the loop expects failures (if err == nil { t.Fatal(...) })
		}
		found, foundIf = call, ifs
		return false
	})
	return found, foundIf
}

// errCheck recognizes a nil comparison of an error value and says
// whether the condition being true means success:
//
//	err == nil            success when true
//	err == nil && ok      success when true
//	err != nil            success when false
//	err != nil || bad     success when false
func (s *scanner) errCheck(cond ast.Expr) (types.Object, bool, bool) {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch c.Op {
		case token.EQL, token.NEQ:
			x := c.X
			if isNil(s.info, x) {
				x = c.Y
			} else if !isNil(s.info, c.Y) {
				return nil, false, false
			}
			id, ok := ast.Unparen(x).(*ast.Ident)
			if !ok || !isError(s.info.TypeOf(id)) {
				return nil, false, false
			}
			return s.info.ObjectOf(id), c.Op == token.EQL, true
		case token.LAND:
			for _, e := range []ast.Expr{c.X, c.Y} {
				if x, succ, ok := s.errCheck(e); ok && succ {
					return x, true, true
				}
			}
		case token.LOR:
			for _, e := range []ast.Expr{c.X, c.Y} {
				if x, succ, ok := s.errCheck(e); ok && !succ {
					return x, false, true
				}
			}
		}
	}
	return nil, false, false
}

// assignedCall returns the call whose error result is assigned to x in
// the given statements or the loop body (outside nested function
// literals), or nil.
func (s *scanner) assignedCall(x types.Object, extra ...ast.Node) *ast.CallExpr {
	var found *ast.CallExpr
	for _, n := range extra {
		if n == nil || found != nil {
			continue
		}
		ast.Inspect(n, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				if len(n.Rhs) != 1 {
					return true
				}
				call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
				if !ok {
					return true
				}
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && s.info.ObjectOf(id) == x {
						found = call
					}
				}
			case *ast.ValueSpec:
				if len(n.Values) == 1 {
					if call, ok := ast.Unparen(n.Values[0]).(*ast.CallExpr); ok {
						for _, id := range n.Names {
							if s.info.ObjectOf(id) == x {
								found = call
							}
						}
					}
				}
			}
			return true
		})
	}
	return found
}

// eachIf calls f for every if statement of the loop body that a break
// or continue of the loop can be written in (not inside nested loops or
// function literals), with the statements that follow it in its block.
// inSwitch says an unlabeled break there leaves a switch or select, not
// the loop. f returns false to stop.
func (s *scanner) eachIf(body *ast.BlockStmt, f func(ifs *ast.IfStmt, rest []ast.Stmt, inSwitch bool) bool) {
	var visit func(list []ast.Stmt, inSwitch bool) bool
	visit = func(list []ast.Stmt, inSwitch bool) bool {
		for i, st := range list {
			switch st := st.(type) {
			case *ast.IfStmt:
				if !f(st, list[i+1:], inSwitch) {
					return false
				}
				if !visit(st.Body.List, inSwitch) {
					return false
				}
				if st.Else != nil && !visit([]ast.Stmt{st.Else}, inSwitch) {
					return false
				}
			case *ast.BlockStmt:
				if !visit(st.List, inSwitch) {
					return false
				}
			case *ast.LabeledStmt:
				if !visit([]ast.Stmt{st.Stmt}, inSwitch) {
					return false
				}
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				var clauses []ast.Stmt
				switch st := st.(type) {
				case *ast.SwitchStmt:
					clauses = st.Body.List
				case *ast.TypeSwitchStmt:
					clauses = st.Body.List
				case *ast.SelectStmt:
					clauses = st.Body.List
				}
				for _, c := range clauses {
					var l []ast.Stmt
					switch c := c.(type) {
					case *ast.CaseClause:
						l = c.Body
					case *ast.CommClause:
						l = c.Body
					}
					if !visit(l, true) {
						return false
					}
				}
			}
		}
		return true
	}
	visit(body.List, false)
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
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			if n.Op != token.ARROW {
				return true
			}
			switch x := ast.Unparen(n.X).(type) {
			case *ast.SelectorExpr:
				if x.Sel.Name == "C" && isNamed(s.info.TypeOf(x.X), "time", "Ticker") {
					found = true
				}
			case *ast.CallExpr:
				if analysisutil.IsFunc(analysisutil.Callee(s.info, x), "time", "", "Tick") {
					found = true
				}
			}
		}
		return true
	})
	return found
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

// failsOver reports whether the attempt call works on a different element
// on each iteration: it indexes with the counter (hosts[i]), or uses a
// variable defined in the loop from such an index:
//
//	for i := 0; i < attempts; i++ {
//		server := servers[(offset+i)%n]
//		if err := exchange(server); err == nil {
func (s *scanner) failsOver(body *ast.BlockStmt, call *ast.CallExpr, counter types.Object) bool {
	if indexesWith(s.info, call, counter) {
		return true
	}
	picked := map[types.Object]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) == len(as.Rhs) {
			for i, r := range as.Rhs {
				if indexesWith(s.info, r, counter) {
					if id, ok := as.Lhs[i].(*ast.Ident); ok {
						picked[s.info.ObjectOf(id)] = true
					}
				}
			}
		}
		return true
	})
	found := false
	ast.Inspect(call, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && picked[s.info.ObjectOf(id)] {
			found = true
		}
		return !found
	})
	return found
}

// indexesWith reports whether expression n indexes with obj: hosts[i].
func indexesWith(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok {
			ast.Inspect(ix.Index, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && info.ObjectOf(id) == obj {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}

// condOverLen reports a loop condition that walks a collection:
// i < len(hosts).
func condOverLen(cond ast.Expr) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	for _, e := range []ast.Expr{b.X, b.Y} {
		if c, ok := ast.Unparen(e).(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "len" {
				return true
			}
		}
	}
	return false
}

// endsNoReturn reports whether a statement list ends in a call that does
// not return (panic, t.Fatal, log.Fatal, os.Exit).
func endsNoReturn(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	st, ok := list[len(list)-1].(*ast.ExprStmt)
	return ok && isNoReturn(st.X)
}
