package retryscan

import (
	"go/ast"
	"go/types"
)

// configNodes returns the syntax that configures a retry: the given
// expressions, every call and composite literal nested in them, and, for
// each local variable they mention, its definition, the assignments to
// its fields and the method calls made on it in the enclosing function:
//
//	b := backoff.NewExponentialBackOff()
//	b.MaxElapsedTime = 0                              // found through b
//	err := backoff.Retry(op, backoff.WithMaxRetries(b, 3))
//
// Variables defined outside the enclosing function (parameters, fields,
// package variables) are not followed: their configuration is unknown,
// and every caller of configNodes treats unknown as "not shown".
func (s *scanner) configNodes(fn ast.Node, exprs ...ast.Expr) []ast.Node {
	var out []ast.Node
	seen := map[types.Object]bool{}
	var visit func(e ast.Node, depth int)
	visit = func(e ast.Node, depth int) {
		if e == nil || depth > 6 {
			return
		}
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr, *ast.CompositeLit, *ast.AssignStmt:
				out = append(out, n)
			case *ast.SelectorExpr:
				out = append(out, n)
			case *ast.Ident:
				obj, ok := s.info.ObjectOf(n).(*types.Var)
				if !ok || seen[obj] || !s.localTo(obj, fn) {
					if ok && !seen[obj] && obj.Parent() == obj.Pkg().Scope() {
						seen[obj] = true
						out = append(out, n) // a package-level variable: catalogued names like retry.DefaultRetry
					}
					return true
				}
				seen[obj] = true
				for _, use := range s.varConfig(fn, obj) {
					visit(use, depth+1)
				}
			}
			return true
		})
	}
	for _, e := range exprs {
		visit(e, 0)
	}
	return out
}

// localTo reports whether v is declared inside the function node fn.
func (s *scanner) localTo(v *types.Var, fn ast.Node) bool {
	return fn != nil && fn.Pos() <= v.Pos() && v.Pos() < fn.End()
}

// varConfig returns, for a local variable, the right-hand sides assigned
// to it and the statements that configure it: field assignments
// (v.Field = x) and method calls on it (v.SetRetryCount(3)).
func (s *scanner) varConfig(fn ast.Node, v *types.Var) []ast.Node {
	var out []ast.Node
	root := func(e ast.Expr) bool {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.Ident:
				return s.info.ObjectOf(x) == v
			case *ast.SelectorExpr:
				e = x.X
			case *ast.StarExpr:
				e = x.X
			case *ast.CallExpr:
				e = x.Fun
			default:
				return false
			}
		}
	}
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, isIdent := ast.Unparen(l).(*ast.Ident)
				switch {
				case isIdent && s.info.ObjectOf(id) == v:
					if len(n.Rhs) == len(n.Lhs) {
						out = append(out, n.Rhs[i])
					} else if len(n.Rhs) == 1 {
						out = append(out, n.Rhs[0])
					}
				case !isIdent && root(l):
					out = append(out, n)
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if s.info.ObjectOf(id) == v && i < len(n.Values) {
					out = append(out, n.Values[i])
				} else if s.info.ObjectOf(id) == v && len(n.Values) == 1 {
					out = append(out, n.Values[0])
				}
			}
		case *ast.ExprStmt:
			if call, ok := n.X.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && root(sel.X) {
					out = append(out, call)
				}
			}
		}
		return true
	})
	return out
}
