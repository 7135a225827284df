package retrybudget

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
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
			switch recv := analysisutil.Received(cl); {
			case recv == nil: // a send or a default
			case analysisutil.TimerRecv(info, recv):
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
