package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// An event loop goes round when something happens elsewhere, not when a
// wait runs out: each iteration blocks on a channel that another
// goroutine feeds. An attempt in it that fails is tried again on the next
// event, not after a delay, and the loop is not a retry even when success
// leaves it:
//
//	for {
//		select {
//		case <-flushCh:                  // the next write to flush
//			if err := flush(); err == nil && done() {
//				return
//			}
//		case <-quit:
//			return
//		}
//	}
//
// A receive from a time.Time channel (time.After, Timer.C, a fake
// clock's timer) is a wait, and a select with a default clause does not
// block, so neither makes an event loop:
//
//	select {
//	case <-ctx.Done():
//		return ctx.Err()
//	case <-time.After(d):            // a retry's wait
//	}
//
// unless the select dispatches: a clause of a channel another goroutine
// feeds does work and goes round, and every timer clause does work too.
// The timer is then a tick that runs the work whether or not the last
// call failed, and a failure waits for the next event or tick, not for
// a delay of its own (raft's replication loop to one follower):
//
//	for !shouldStop {
//		select {
//		case <-s.stopCh:
//			return
//		case <-s.triggerCh:                        // new entries to send
//			shouldStop = r.replicateTo(s, last())
//		case <-randomTimeout(commitTimeout):       // a tick: send anyway
//			shouldStop = r.replicateTo(s, last())
//		}
//	}
//
// A receive from a Done() channel (a context's) is a stop, not an event.

// awaitsEvent reports whether a statement at the top level of the loop
// body blocks until another goroutine sends or receives: a receive from
// a channel that is not a timer, or a select with no default clause and
// no timer case.
func (s *scanner) awaitsEvent(body *ast.BlockStmt) bool {
	for _, st := range body.List {
		switch st := st.(type) {
		case *ast.SelectStmt:
			if s.selectAwaits(st) {
				return true
			}
		case *ast.ExprStmt:
			if s.eventRecv(st.X) {
				return true
			}
		case *ast.AssignStmt:
			if len(st.Rhs) == 1 && s.eventRecv(st.Rhs[0]) {
				return true
			}
		}
	}
	return false
}

// selectAwaits reports a select that blocks until one of its channel
// operations can go: no default clause, and no timer among its cases
// unless the select dispatches (a clause of another channel does work
// and goes round, and every timer clause does work).
func (s *scanner) selectAwaits(sel *ast.SelectStmt) bool {
	if len(sel.Body.List) == 0 {
		return false // select {}: blocks forever, another matter
	}
	timer, idleTick, dispatch := false, false, false
	for _, c := range sel.Body.List {
		cc, ok := c.(*ast.CommClause)
		if !ok || cc.Comm == nil {
			return false // default: does not block
		}
		var recv ast.Expr
		if u := analysisutil.Received(cc); u != nil {
			recv = u
		}
		works := anyNode(&ast.BlockStmt{List: cc.Body}, false, func(n ast.Node) bool {
			_, ok := n.(*ast.CallExpr)
			return ok
		})
		switch {
		case recv != nil && analysisutil.TimerRecv(s.info, recv):
			timer, idleTick = true, idleTick || !works
		case recv != nil && !analysisutil.DoneRecv(recv) && works && !exits(cc.Body, true):
			dispatch = true
		}
	}
	return !timer || (dispatch && !idleTick)
}

// eventRecv reports a receive (<-ch) from a channel that is not a timer.
func (s *scanner) eventRecv(e ast.Expr) bool {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	return ok && u.Op == token.ARROW && !analysisutil.TimerRecv(s.info, u)
}

// A hand-off loop is the non-blocking form of an event loop: each
// iteration tries to pass a value to a consumer goroutine and sleeps
// while the consumer is busy. It waits for another goroutine, not for a
// server, and is no retry (badger hands a full memtable to its flusher
// this way):
//
//	for {
//		sent := func() bool {
//			mu.Lock()
//			defer mu.Unlock()
//			select {
//			case flushCh <- mt:
//				return true
//			default:
//			}
//			return false
//		}()
//		if sent {
//			break
//		}
//		time.Sleep(10 * time.Millisecond)
//	}

// handsOff reports an attempt, a func literal called in place, that
// succeeds exactly when a non-blocking send goes through: every return
// of true is in the send case of a select with a default clause.
func (s *scanner) handsOff(call *ast.CallExpr) bool {
	if call == nil {
		return false
	}
	lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit)
	if !ok {
		return false
	}
	sent := map[*ast.ReturnStmt]bool{}
	var trues []*ast.ReturnStmt
	inspectFlat(lit.Body, func(n ast.Node) { // not another function's returns
		switch n := n.(type) {
		case *ast.SelectStmt:
			if !hasDefault(n) {
				break
			}
			for _, c := range n.Body.List {
				if cc, ok := c.(*ast.CommClause); ok {
					if _, ok := cc.Comm.(*ast.SendStmt); ok {
						markReturns(cc.Body, sent)
					}
				}
			}
		case *ast.ReturnStmt:
			if len(n.Results) == 1 && isTrue(s.info, n.Results[0]) {
				trues = append(trues, n)
			}
		}
	})
	return len(trues) > 0 && !slices.ContainsFunc(trues, func(r *ast.ReturnStmt) bool { return !sent[r] })
}

// hasDefault reports a select with a default clause: it does not block.
func hasDefault(sel *ast.SelectStmt) bool {
	return slices.ContainsFunc(sel.Body.List, func(c ast.Stmt) bool {
		cc, ok := c.(*ast.CommClause)
		return ok && cc.Comm == nil
	})
}

// markReturns marks the return statements of stmts, outside nested
// function literals.
func markReturns(stmts []ast.Stmt, marks map[*ast.ReturnStmt]bool) {
	for _, st := range stmts {
		inspectFlat(st, func(n ast.Node) {
			if r, ok := n.(*ast.ReturnStmt); ok {
				marks[r] = true
			}
		})
	}
}

// isTrue reports the constant true.
func isTrue(info *types.Info, e ast.Expr) bool {
	v, ok := analysisutil.ConstBool(info, e)
	return ok && v
}
