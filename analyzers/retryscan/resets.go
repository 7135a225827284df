package retryscan

import (
	"go/ast"
	"go/token"
	"slices"

	"github.com/retrylint/retrylint/internal/engine"
)

// resetOnFailure reports whether a failed attempt can go round through a
// way that sets the loop's counter back (engine.Resets): then the count
// bounds nothing while the dependency keeps failing that way. A counter
// set back only after a success counts failures in a row, as a
// reconnect loop's does, and stays a bound the recognizer cannot count:
//
//	for attempt := 0; attempt < 5; attempt++ {
//		if err := stream(ctx); err == nil {
//			attempt = 0 // connected: the next failure starts a new count
//			continue
//		}
//		time.Sleep(backoff(attempt))
//	}
func (s *scanner) resetOnFailure(d *decision, rs engine.Reset) bool {
	outcomes := []engine.Outcome{engine.Failed(engine.ErrAny)}
	roles := engine.Roles(d.calls[0])
	if slices.Contains(roles, engine.RoleResp) || slices.Contains(roles, engine.RoleOK) {
		outcomes = append(outcomes, engine.FailedStatus)
	}
	for _, o := range outcomes {
		w := d.region.Walk(&engine.Scenario{Attempt: d.calls, Outcome: o}, d.calls[0])
		if w.Void {
			continue
		}
		for _, p := range w.Paths {
			if p.End == engine.EndRound && p.Passes(rs.Ways) {
				return true
			}
		}
	}
	return false
}

// resetAt returns the first statement of body that sets the counter
// named name back to a constant (i = 0), or nil.
func resetAt(body ast.Node, name string) ast.Node {
	var at ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if at != nil || !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return at == nil
		}
		for i, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name == name {
				if _, ok := ast.Unparen(as.Rhs[i]).(*ast.BasicLit); ok {
					at = as
				}
			}
		}
		return at == nil
	})
	return at
}
