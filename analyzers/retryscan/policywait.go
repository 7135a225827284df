package retryscan

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// A loop may leave the wait to the policy it asks whether to go round,
// the retry shape of database drivers (gocql's RetryPolicy.Attempt):
//
//	for {
//		err = call()
//		if err == nil {
//			return nil
//		}
//		if !p.Attempt(q) { // sleeps, then says whether to go round
//			break
//		}
//	}
//
//	func (p *Policy) Attempt(q *Q) bool {
//		if q.attempts > p.N {
//			return false
//		}
//		time.Sleep(p.Min * time.Duration(1<<q.attempts))
//		q.attempts++
//		return true
//	}
//
// Such a loop waits between its attempts (loopSite's pauses), and the
// wait's delay is read in the policy (engine Region.WaitsIn,
// delayPolicy). Only a function or method the call names statically is
// read: a policy behind an interface (q.rt.Attempt(q)) is not followed.

// policyWaits returns the calls in the exit tests of a loop (its
// condition, or the condition of an if of its body whose branch leaves)
// of a bool function of the package whose body waits (time.Sleep(d),
// not in a function literal), with the function.
func (s *scanner) policyWaits(loop ast.Stmt, body *ast.BlockStmt) map[*ast.CallExpr]*types.Func {
	var out map[*ast.CallExpr]*types.Func
	test := func(cond ast.Expr) {
		eachCall(cond, func(call *ast.CallExpr) {
			fn := analysisutil.Callee(s.info, call)
			if fn == nil || !s.decidesAndWaits(fn) {
				return
			}
			if out == nil {
				out = map[*ast.CallExpr]*types.Func{}
			}
			out[call] = fn
		})
	}
	if cond := loopCond(loop); cond != nil {
		test(cond)
	}
	anyIf(body, func(ifs *ast.IfStmt, inSwitch bool) bool {
		if exits(ifs.Body.List, inSwitch) || ifs.Else != nil && exits(elseStmts(ifs), inSwitch) {
			test(ifs.Cond)
		}
		return false // every if statement
	})
	return out
}

// decidesAndWaits reports a function of the package that returns a bool
// and waits in its own body.
func (s *scanner) decidesAndWaits(fn *types.Func) bool {
	fi := s.byObj[fn]
	if fi == nil || fi.decl == nil || fi.decl.Body == nil {
		return false
	}
	res := fn.Type().(*types.Signature).Results()
	if res.Len() != 1 {
		return false
	}
	if b, ok := res.At(0).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return false
	}
	waits := false
	ast.Inspect(fi.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // runs elsewhere, or later
		case *ast.CallExpr:
			waits = waits || s.isWait(n)
		}
		return !waits
	})
	return waits
}
