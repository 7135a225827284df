package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
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
// separately). Neither does a variable declared before the loop that
// each iteration builds anew from values the loop does not change, like
// one declared in it:
//
//	var req *http.Request
//	for i := 0; i < 3; i++ {
//		req, err = http.NewRequest("POST", u, body()) // the same request each time
func (s *scanner) stableCall(body *ast.BlockStmt, call *ast.CallExpr, counter types.Object) bool {
	inLoop := func(obj types.Object) bool { return body.Pos() <= obj.Pos() && obj.Pos() < body.End() }
	// carried: variables declared outside the loop and assigned in it,
	// with the values assigned (an operator assignment, x += d, uses x).
	carried := map[types.Object][]ast.Expr{}
	ast.Inspect(body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					if obj := s.info.ObjectOf(id); obj != nil && obj != counter && !inLoop(obj) {
						carried[obj] = append(carried[obj], rhsTuple(as.Rhs))
						if as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
							carried[obj] = append(carried[obj], id)
						}
					}
				}
			}
		}
		return true
	})
	// The carried variables are unstable unless rebuilt: every value
	// assigned mentions nothing unstable. Variables defined in the loop
	// from unstable ones are unstable too.
	// Each round that rebuilds one more variable recomputes the rest;
	// the round that rebuilds none leaves unstable current, and it comes
	// at the latest after every carried variable is rebuilt.
	rebuilt := map[types.Object]bool{}
	var unstable map[types.Object]bool
	for range len(carried) + 1 {
		unstable = s.derived(body, carried, rebuilt, counter)
		more := false
		for obj, values := range carried {
			if !rebuilt[obj] && !slices.ContainsFunc(values, func(v ast.Expr) bool { return mentionsAny(s.info, v, unstable) }) {
				rebuilt[obj], more = true, true
			}
		}
		if !more {
			break
		}
	}
	// The call's own results are assigned in the loop; that is the point
	// of a retry, not a change of operation.
	return !mentionsAny(s.info, call.Fun, unstable) && !slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return mentionsAny(s.info, a, unstable) })
}

// derived returns the carried variables not rebuilt, and the variables
// defined in the loop from them, in source order (two rounds cover
// definitions that refer to later assignments).
func (s *scanner) derived(body *ast.BlockStmt, carried map[types.Object][]ast.Expr, rebuilt map[types.Object]bool, counter types.Object) map[types.Object]bool {
	unstable := map[types.Object]bool{}
	for obj := range carried {
		if !rebuilt[obj] {
			unstable[obj] = true
		}
	}
	for range 2 {
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE && mentionsAny(s.info, rhsTuple(n.Rhs), unstable) {
					for _, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							if obj := s.info.ObjectOf(id); obj != nil && obj != counter {
								unstable[obj] = true
							}
						}
					}
				}
			case *ast.TypeSwitchStmt:
				if as, ok := n.Assign.(*ast.AssignStmt); ok && mentionsAny(s.info, as.Rhs[0], unstable) {
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
	return unstable
}

// rhsTuple wraps right-hand sides in one expression for inspection.
func rhsTuple(rhs []ast.Expr) ast.Expr {
	if len(rhs) == 1 {
		return rhs[0]
	}
	return &ast.CompositeLit{Elts: rhs}
}
