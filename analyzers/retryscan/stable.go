package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"
)

// stableCall reports whether the attempt call runs the same operation on
// every iteration: nothing it refers to is derived, inside the loop, from
// a value the loop itself changes. That tells a retry apart from loops
// that walk a chain or a cursor until it ends:
//
//	for {                          // errors.As: not a retry
//		...
//		err = x.Unwrap()           // x comes from err, which the loop changes
//		if err == nil {
//			return false
//		}
//	}
//
// The loop counter does not count as a change: attempts are often passed
// along for logging (a counter used as an index is a failover, handled
// separately).
func (s *scanner) stableCall(body *ast.BlockStmt, call *ast.CallExpr, counter types.Object) bool {
	inLoop := func(obj types.Object) bool { return body.Pos() <= obj.Pos() && obj.Pos() < body.End() }
	// carried: variables declared outside the loop and assigned in it.
	// derived: variables declared in the loop from carried or derived ones.
	unstable := map[types.Object]bool{}
	mentionsUnstable := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && unstable[s.info.ObjectOf(id)] {
				found = true
			}
			return !found
		})
		return found
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					if obj := s.info.ObjectOf(id); obj != nil && obj != counter && !inLoop(obj) {
						unstable[obj] = true
					}
				}
			}
		}
		return true
	})
	// Propagate to variables defined in the loop, in source order (two
	// rounds cover definitions that refer to later assignments).
	for range 2 {
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE && mentionsUnstable(&ast.BlockStmt{List: []ast.Stmt{&ast.ExprStmt{X: rhsTuple(n.Rhs)}}}) {
					for _, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							if obj := s.info.ObjectOf(id); obj != nil && obj != counter {
								unstable[obj] = true
							}
						}
					}
				}
			case *ast.TypeSwitchStmt:
				if as, ok := n.Assign.(*ast.AssignStmt); ok && mentionsUnstable(as.Rhs[0]) {
					for _, cc := range n.Body.List {
						if obj := s.info.Implicits[cc]; obj != nil {
							unstable[obj] = true
						}
					}
				}
			case *ast.RangeStmt:
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok {
						if obj := s.info.ObjectOf(id); obj != nil {
							unstable[obj] = true
						}
					}
				}
			}
			return true
		})
	}
	// The call's own results are assigned in the loop; that is the point
	// of a retry, not a change of operation.
	return !mentionsUnstable(call.Fun) && !func() bool {
		for _, a := range call.Args {
			if mentionsUnstable(a) {
				return true
			}
		}
		return false
	}()
}

// rhsTuple wraps right-hand sides in one expression for inspection.
func rhsTuple(rhs []ast.Expr) ast.Expr {
	if len(rhs) == 1 {
		return rhs[0]
	}
	return &ast.CompositeLit{Elts: rhs}
}
