package retryscan

import (
	"go/ast"

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
	d := s.refineDelay(site, Delay{}, s.configNodes(site.Func, ctor))
	d.Waits = pauses
	return d
}
