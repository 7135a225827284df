package retryscan

import (
	"go/ast"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/engine"
)

// innerFailureGoesRound asks again, for a call n of a function of the
// package that retries inside, whether the failure of that inner retry
// sends the site round: the walk reads n's function through its body
// with the inner retrying call failed, so that the loop sees the error
// the function returns then, not any error. A loop that goes round only
// on an error of its own type, made after the inner call worked, does
// not multiply the inner retry (engine/foreignerr.go):
//
//	for retry := 0; retry <= d.partBodyMaxRetries; retry++ {
//		n, err = d.tryDownloadChunk(&params, &chunk) // GetObject, retried by the SDK, then io.Copy
//		if err == nil {
//			break
//		}
//		if bodyErr, ok := err.(*errReadingBody); ok { // only io.Copy's failure
//			...
//			continue
//		}
//		return err // the SDK's error, after its own attempts
//	}
//
// It answers false (goes round) when n is no such call or the inner
// call is not found in the function's body.
func (s *scanner) innerFailureGoesRound(r *engine.Region, n ast.Node) bool {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return true
	}
	callee := s.calleeOf(call)
	fi := s.byObj[callee]
	if fi == nil || fi.decl.Body == nil {
		return true
	}
	chain := s.chains[callee]
	if len(chain) == 0 || !chain[0].pos.IsValid() {
		return true
	}
	fn := s.eng.Func(fi.decl)
	inner := s.callAt(fn, fi.decl.Body, chain[0])
	at := s.eng.Call(r.Func(), call)
	if inner == nil || at == nil {
		return true
	}
	w := r.Walk(&engine.Scenario{Attempt: []ssa.CallInstruction{inner}, Outcome: engine.Failed(engine.ErrAny), Through: fn}, at)
	return w.Void || w.Ends.Has(engine.EndRound) || w.Ends.Has(engine.EndError)
}

// callAt returns the call instruction of fn at the first hop of its
// chain: the call that retries (a client's operation, a retry loop's
// library call) or leads to a retry.
func (s *scanner) callAt(fn *ssa.Function, body *ast.BlockStmt, h Hop) ssa.CallInstruction {
	var found *ast.CallExpr
	ast.Inspect(body, func(m ast.Node) bool {
		if c, ok := m.(*ast.CallExpr); ok && c.Pos() == h.pos && found == nil {
			found = c
		}
		return found == nil
	})
	if found == nil {
		return nil
	}
	return s.eng.Call(fn, found)
}
