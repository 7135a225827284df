package nonidempotent

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// Following local variables back to their values, syntax only: a
// variable of the enclosing function is followed when every assignment
// to it can be seen. Anything else (a parameter, a field, a variable
// whose address escapes into a call) is not followed, and the code is
// assumed right.

// def is one assignment to a local variable: rhs is the value, nil when
// it cannot be read (v, ok = m[k]; the second result of a call; a range).
type def struct {
	rhs ast.Expr
	pos token.Pos
}

// localVar returns the variable e names when it is declared inside fd
// (a parameter included), else nil.
func (c *checker) localVar(e ast.Expr, fd *ast.FuncDecl) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := c.info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || !(fd.Pos() <= v.Pos() && v.Pos() < fd.End()) {
		return nil
	}
	return v
}

// defs returns the assignments to v in fd, in source order.
func (c *checker) defs(fd *ast.FuncDecl, v *types.Var) []def {
	var out []def
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && c.info.ObjectOf(id) == v
	}
	ast.Inspect(fd, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if !is(l) {
					continue
				}
				d := def{pos: n.Pos()}
				switch {
				case n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
					// v += x: not a single value
				case len(n.Rhs) == len(n.Lhs):
					d.rhs = n.Rhs[i]
				case i == 0 && len(n.Rhs) == 1:
					if _, isCall := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); isCall {
						d.rhs = n.Rhs[0] // req, err := http.NewRequest(...)
					}
				}
				out = append(out, d)
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if c.info.ObjectOf(id) != v || len(n.Values) == 0 {
					continue
				}
				d := def{pos: n.Pos()}
				if len(n.Values) == len(n.Names) {
					d.rhs = n.Values[i]
				} else if i == 0 {
					d.rhs = n.Values[0]
				}
				out = append(out, d)
			}
		case *ast.RangeStmt:
			if (n.Key != nil && is(n.Key)) || (n.Value != nil && is(n.Value)) {
				out = append(out, def{pos: n.Pos()})
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				out = append(out, def{pos: n.Pos()}) // &v: written elsewhere
			}
		}
		return true
	})
	return out
}

// singleValue returns the one value assigned to v in fd, or nil.
func (c *checker) singleValue(fd *ast.FuncDecl, v *types.Var) ast.Expr {
	ds := c.defs(fd, v)
	if len(ds) != 1 {
		return nil
	}
	return ds[0].rhs
}

// constString returns the constant string value of e.
func (c *checker) constString(e ast.Expr) (string, bool) {
	tv, ok := c.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// contains reports whether the node scope contains pos.
func contains(scope ast.Node, pos token.Pos) bool {
	return scope != nil && scope.Pos() <= pos && pos < scope.End()
}
