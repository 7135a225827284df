package retrybudget

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// racesTimer reports a select in n that waits for a result and a timer
// at once: the attempt whose result the channel brings is bounded by the
// timer, as by a context.WithTimeout.
//
//	go func() { done <- call(ctx) }()
//	select {
//	case err := <-done:
//		return err
//	case <-time.After(d): // the attempt's timeout
//		return errTimeout
//	}
//
// A select on ctx.Done() and a timer alone is a wait between attempts,
// not a timeout of one.
func racesTimer(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectStmt)
		if found || !ok {
			return !found
		}
		timer, result := false, false
		for _, cl := range sel.Body.List {
			cc, ok := cl.(*ast.CommClause)
			if !ok || cc.Comm == nil {
				continue
			}
			switch ch := received(cc.Comm); {
			case ch == nil:
			case isTimerChan(info, ch):
				timer = true
			case !isDoneChan(ch):
				result = true
			}
		}
		found = timer && result
		return !found
	})
	return found
}

// received returns the channel a select case receives from, or nil for
// a send.
func received(comm ast.Stmt) ast.Expr {
	var e ast.Expr
	switch s := comm.(type) {
	case *ast.ExprStmt:
		e = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			e = s.Rhs[0]
		}
	}
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return ast.Unparen(u.X)
	}
	return nil
}

// isTimerChan reports time.After(d) and the C of a *time.Timer or
// *time.Ticker.
func isTimerChan(info *types.Info, ch ast.Expr) bool {
	switch x := ch.(type) {
	case *ast.CallExpr:
		return catalog.IsWait(analysisutil.Callee(info, x))
	case *ast.SelectorExpr:
		t := info.TypeOf(x.X)
		return x.Sel.Name == "C" && (analysisutil.Named(t, "time", "Timer") || analysisutil.Named(t, "time", "Ticker"))
	}
	return false
}

// isDoneChan reports x.Done(): a context's, or a closing signal's.
func isDoneChan(ch ast.Expr) bool {
	call, ok := ch.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Done" && len(call.Args) == 0
}
