package retryscan

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// A hand-written loop may pause by calling a function value that a
// retry library made (catalog.IsPauseConstructor): the pause has the
// library's delay, read from the constructor's configuration as a
// library site's is.
//
//	wait := strategy.Backoff(backoff.Linear(100 * time.Millisecond))
//	for retries := 0; retries < 20; retries++ {
//		...
//		wait(uint(retries)) // a linear wait with no cap and no jitter
//	}

// pauseCtor returns the call of a pause constructor whose result the
// call calls (wait(n) above), or nil.
func (s *scanner) pauseCtor(fn ast.Node, call *ast.CallExpr) *ast.CallExpr {
	if fn == nil || analysisutil.Callee(s.info, call) != nil {
		return nil // a call of a declared function or method
	}
	if tv, ok := s.info.Types[call.Fun]; !ok || !tv.IsValue() {
		return nil // a conversion or a builtin
	}
	for _, n := range s.configNodes(fn, call.Fun) {
		if c, ok := n.(*ast.CallExpr); ok && catalog.IsPauseConstructor(analysisutil.Callee(s.info, c)) {
			return c
		}
	}
	return nil
}

// pauseDelay is the delay of a loop whose only waits are calls of a
// pause constructor's result: the constructor's policy.
func (s *scanner) pauseDelay(site *Site, pauses []*ast.CallExpr, ctor *ast.CallExpr) Delay {
	d := s.refineDelay(site, Delay{}, s.configNodes(site.fn, ctor))
	d.Waits = pauses
	return d
}

// A receive from a channel the round itself makes waits for work the
// round started (a goroutine's result), not between attempts: pgxpool's
// Acquire pings a pooled connection in a goroutine and selects on its
// answer or the caller's cancellation.
//
//	for range maxConns + 1 {
//		pingErr := make(chan error, 1)
//		go func() { pingErr <- conn.Ping(ctx) }()
//		select {
//		case err := <-pingErr: // the ping's answer
//		case <-ctx.Done():
//		}

// awaitsRound reports a select whose every case receives from a channel
// made in body or from a Done() channel.
func (s *scanner) awaitsRound(sel *ast.SelectStmt, body *ast.BlockStmt) bool {
	for _, c := range sel.Body.List {
		u := analysisutil.Received(c)
		if u == nil || !analysisutil.DoneRecv(u) && !s.roundChan(u.X, body) {
			return false
		}
	}
	return true
}

// roundChan reports a channel variable declared in body by make: a new
// one every round.
func (s *scanner) roundChan(e ast.Expr, body *ast.BlockStmt) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	obj := s.info.ObjectOf(id)
	if obj == nil || obj.Pos() < body.Pos() || obj.Pos() >= body.End() {
		return false
	}
	made := false
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return !made
		}
		for i, l := range as.Lhs {
			if lid, ok := l.(*ast.Ident); ok && s.info.Defs[lid] == obj {
				made = s.isMake(as.Rhs[i])
			}
		}
		return !made
	})
	return made
}

// isMake reports a call of the builtin make.
func (s *scanner) isMake(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := s.info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "make"
}
