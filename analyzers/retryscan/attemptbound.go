package retryscan

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// What else may bound one attempt, beyond the timeouts WorstCase reads
// (worstattempt.go): a select racing the attempt's result against a
// timer, and a function of this package the attempt calls that makes a
// context with a deadline or races a timer itself, whatever it does with
// them. retrybudget asks this before it says an attempt can use the
// whole budget: a bound it cannot measure is still a bound.
//
//	go func() { done <- call(ctx) }()
//	select {
//	case err := <-done:
//		return err
//	case <-time.After(d): // the attempt's timeout
//		return errTimeout
//	}

// AttemptBoundsNothing reports whether an attempt body races no timer
// and calls no function of this package that makes a timeout.
func (r *Result) AttemptBoundsNothing(body *ast.BlockStmt) bool {
	if r.boundsNothing == nil || body == nil {
		return false
	}
	return r.boundsNothing(body)
}

func (s *scanner) attemptBoundsNothing(body *ast.BlockStmt) bool {
	bounded := s.racesTimer(body)
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if bounded || !ok {
			return !bounded
		}
		if fi := s.ownFunc(analysisutil.Callee(s.info, call)); fi != nil && s.makesTimeout(fi.decl) {
			bounded = true
		}
		return !bounded
	})
	return !bounded
}

// makesTimeout reports whether a function makes a context with a timeout
// or deadline, or races a result against a timer.
func (s *scanner) makesTimeout(fd *ast.FuncDecl) bool {
	if s.racesTimer(fd) {
		return true
	}
	found := false
	ast.Inspect(fd, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			found = catalog.ContextEffect(analysisutil.Callee(s.info, call)) == catalog.CtxDeadline
		}
		return !found
	})
	return found
}

// racesTimer reports a select in n that waits for a result and a timer
// at once. A select on ctx.Done() and a timer alone is a wait between
// attempts, not a timeout of one.
func (s *scanner) racesTimer(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectStmt)
		if found || !ok {
			return !found
		}
		timer, result := false, false
		for _, cl := range sel.Body.List {
			switch recv := analysisutil.Received(cl); {
			case recv == nil: // a send or a default
			case analysisutil.TimerRecv(s.info, recv):
				timer = true
			case !analysisutil.DoneRecv(recv):
				result = true
			}
		}
		found = timer && result
		return !found
	})
	return found
}
