package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A loop may count its failures in a field of a value it is handed
// rather than in a local: a scheduler keeps the restarts on the job, so
// that the next supervisor starts from them (flynn/flynn#1340):
//
//	for {
//		if err := start(j); err == nil {
//			return
//		}
//		time.Sleep(backoff(j.restarts))
//		j.restarts++
//	}
//
// Stepping j.restarts writes into j, which the attempt is handed, and a
// write into what the call is handed makes a search of the loop
// (stable.go: cfg.Port++ before createDB(ctx, cfg) asks for the next
// port). It does not when the field is the function's own
// (engine.FieldOwnedBy): unexported, its address not handed on, read
// and written by nothing the function runs, so that no callee takes it
// as its input or sets it back under the loop. Such a field changes no
// call, only what reads it by name: j.restarts in the call's arguments,
// or a variable made from it, is still a change.

// keptCount returns the field a step of lhs (lhs++, lhs--, lhs += 1, the
// i-th of rhs for an assignment) counts in when it is the loop's own
// count, as above, and nil otherwise.
func (s *scanner) keptCount(lhs ast.Expr, tok token.Token, rhs []ast.Expr, i int) *types.Var {
	if tok != token.ADD_ASSIGN && tok != token.SUB_ASSIGN {
		return nil
	}
	if rhs != nil {
		if i >= len(rhs) {
			return nil
		}
		if _, ok := s.intConst(rhs[i]); !ok {
			return nil // j.wait += d: not a count
		}
	}
	sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	f, ok := s.info.ObjectOf(sel.Sel).(*types.Var)
	if !ok || !f.IsField() || !isInteger(f.Type()) {
		return nil
	}
	if !s.eng.FieldOwnedBy(f, s.eng.Func(s.enclosingFunc(lhs))) {
		return nil // the call may read it, or set it back
	}
	return f
}
