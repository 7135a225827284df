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
// Values kept in fields and made by helpers of the package are followed
// too (followField, followCall); the call of a helper of another package
// is returned as it is, and holds the items of its ConfigFact (itemsOf).
// Parameters, package variables and exported fields are not followed:
// their configuration is unknown, and every caller of configNodes treats
// unknown as "not shown".
func (s *scanner) configNodes(fn ast.Node, exprs ...ast.Expr) []ast.Node {
	var out []ast.Node
	seen := map[types.Object]bool{}
	var visit func(e ast.Node, fn ast.Node, depth int)
	visit = func(e ast.Node, fn ast.Node, depth int) {
		if e == nil || depth > 6 {
			return
		}
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				// Option functions configure by assignment:
				//	func(o *sqs.Options) { o.RetryMaxAttempts = 1 }
				return true
			case *ast.CallExpr:
				out = append(out, n)
				for _, v := range s.followCall(n, seen) {
					visit(v, s.funcOf(v), depth+1)
				}
			case *ast.CompositeLit, *ast.AssignStmt:
				out = append(out, n)
			case *ast.SelectorExpr:
				out = append(out, n)
				for _, v := range s.followField(n, seen) {
					visit(v, s.funcOf(v), depth+1)
				}
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
					visit(use, fn, depth+1)
				}
			}
			return true
		})
	}
	for _, e := range exprs {
		visit(e, fn, 0)
	}
	return out
}

// localTo reports whether v is declared in the body of the function node
// fn. Parameters come from callers, so their configuration is unknown.
func (s *scanner) localTo(v *types.Var, fn ast.Node) bool {
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		body = fn.Body
	case *ast.FuncLit:
		body = fn.Body
	}
	return body != nil && body.Pos() <= v.Pos() && v.Pos() < body.End()
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
			// Setters configure (client.SetRetryCount(3)); operations do
			// not (client.Get(url)), and their option arguments apply to
			// that call only.
			if call, ok := n.X.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && root(sel.X) && s.isSetter(call) {
					out = append(out, call)
				}
			}
		}
		return true
	})
	return out
}

// isSetter reports whether a method call configures its receiver rather
// than performing an operation: it is not a catalogued operation and does
// not return an error.
func (s *scanner) isSetter(call *ast.CallExpr) bool {
	fn := s.calleeOf(call)
	if fn == nil || catalogued(fn) {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && !returnsError(sig)
}

func returnsError(sig *types.Signature) bool {
	res := sig.Results()
	return res.Len() > 0 && isError(res.At(res.Len()-1).Type())
}
