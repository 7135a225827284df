package retryscan

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// A retry helper of the package runs, as its attempt, a function its
// caller hands in:
//
//	func throttleRetry(ctx context.Context, op func(context.Context) error, p policy) error {
//		for attempt := 1; ; attempt++ {
//			if err = op(ctx); err == nil { // what bounds op is written at each call
//				return nil
//			}
//			...
//		}
//	}
//
// What bounds one attempt is then the caller's: a closure with its own
// context.WithTimeout, or one sending with a client whose Timeout is 200ms.
// The loop's body cannot tell, so its timeout is unknown (TimeoutUnknown),
// never "none"; an analyzer that judges the helper at a call reads the
// function that call passes (the wrapper site there). A gRPC
// interceptor's invoker is no such function: it is the RPC itself
// (grpcintercept.go).

// handsIn reports whether the attempt body calls a function-typed
// parameter of the function the retry is written in.
func (s *scanner) handsIn(site *Site, body ast.Node) bool {
	params := s.funcParams(site.fn)
	if len(params) == 0 {
		return false
	}
	return anyNode(body, false, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return false
		}
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
			if v, ok := s.info.Uses[id].(*types.Var); ok && params[v] {
				return handed(v)
			}
		}
		return slices.ContainsFunc(s.heldParams(call), handed) || s.heldOutOfSight(call)
	})
}

// heldOutOfSight reports a call through a function-typed local or field
// whose values the engine cannot all see (an exported field an importer
// may set, a value from another package's call): what it runs, and what
// bounds it, is not known here, so it is no proof of an attempt with no
// timeout either.
func (s *scanner) heldOutOfSight(call *ast.CallExpr) bool {
	v := s.heldVar(call)
	if v == nil || v.Type().Underlying().(*types.Signature).Results().Len() == 0 {
		return false // cancel(): no outcome, no attempt
	}
	c := s.eng.Call(s.eng.Func(s.enclosingFunc(call)), call)
	if c == nil {
		return false
	}
	_, ok := s.eng.CalledFuncs(c)
	return !ok
}

// handed reports whether a parameter is a function a caller hands in:
// an interceptor's invoker is the RPC, not a caller's function.
func handed(v *types.Var) bool {
	_, fn := v.Type().Underlying().(*types.Signature)
	return fn && !catalog.GRPCInvoker(v.Type())
}

// heldParams returns the function parameters a call through a local
// function variable or a function-typed field may run (the engine's
// RunsParams: call := op; r.op(ctx) with r := &retrier{op: op}), asked
// only of such a call, or nil. A parameter of another function counts
// too: the field may hold what the helper's caller handed in.
func (s *scanner) heldParams(call *ast.CallExpr) []*types.Var {
	if s.heldVar(call) == nil {
		return nil
	}
	return s.eng.RunsParams(call)
}

// heldVar returns the function-typed local variable or field a call is
// made through, or nil.
func (s *scanner) heldVar(call *ast.CallExpr) *types.Var {
	var v *types.Var
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		if v, _ = s.info.Uses[f].(*types.Var); v != nil && v.Kind() != types.LocalVar {
			v = nil // a parameter is its own answer; a package variable is no helper's
		}
	case *ast.SelectorExpr:
		if sel := s.info.Selections[f]; sel != nil && sel.Kind() == types.FieldVal {
			v, _ = sel.Obj().(*types.Var)
		}
	}
	if v == nil {
		return nil
	}
	if _, ok := v.Type().Underlying().(*types.Signature); !ok {
		return nil
	}
	return v
}

// funcParams returns the parameters of a function declaration or literal.
func (s *scanner) funcParams(fn ast.Node) map[*types.Var]bool {
	ft := analysisutil.FuncType(fn)
	if ft == nil || ft.Params == nil {
		return nil
	}
	out := map[*types.Var]bool{}
	for _, f := range ft.Params.List {
		for _, name := range f.Names {
			if v, ok := s.info.Defs[name].(*types.Var); ok {
				out[v] = true
			}
		}
	}
	return out
}
