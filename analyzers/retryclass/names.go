package retryclass

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// A condition may name what it decides on itself (err ==
// context.Canceled, resp.StatusCode == 429) or through a classifier of
// the package (if !isTransient(err)), whose body, or that of a function
// of the package it calls, names it:
//
//	func isTransient(err error) bool {
//		var he *HTTPError
//		return errors.As(err, &he) && he.StatusCode == http.StatusTooManyRequests
//	}

// namer tells whether a node names what is looked for, and whether to
// look inside it.
type namer func(ast.Node) (found, descend bool)

// names reports whether n, or a node inside it, names what look looks
// for.
func names(n ast.Node, look namer) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if found || m == nil {
			return false
		}
		hit, descend := look(m)
		found = hit
		return !hit && descend
	})
	return found
}

// callNaming returns the first call in e of a function of the package
// whose body, or that of one it calls, two calls down, names what look
// looks for; nil when there is none.
func (c *checker) callNaming(e ast.Expr, look namer) ast.Expr {
	var found ast.Expr
	ast.Inspect(e, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && found == nil && c.bodyNames(analysisutil.Callee(c.pass.TypesInfo, call), 2, look) {
			found = call
		}
		return found == nil
	})
	return found
}

// bodyNames reports whether the body of a function of the package, or
// of one it calls (depth calls down), names what look looks for.
func (c *checker) bodyNames(fn *types.Func, depth int, look namer) bool {
	if fn == nil || depth == 0 {
		return false
	}
	fd := c.funcDecl(fn)
	if fd == nil || fd.Body == nil {
		return false
	}
	if names(fd.Body, look) {
		return true
	}
	found := false
	ast.Inspect(fd.Body, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok {
			if callee := analysisutil.Callee(c.pass.TypesInfo, call); callee != fn {
				found = found || c.bodyNames(callee, depth-1, look)
			}
		}
		return !found
	})
	return found
}

// namesContextErr looks for context.Canceled, context.DeadlineExceeded,
// codes.Canceled or codes.DeadlineExceeded.
func (c *checker) namesContextErr(n ast.Node) (bool, bool) {
	sel, ok := n.(*ast.SelectorExpr)
	return ok && isContextError(c.pass.TypesInfo.ObjectOf(sel.Sel)), true
}

// namesConst looks for an expression whose value is the integer
// constant n, and not inside other constant expressions.
func (c *checker) namesConst(n int64) namer {
	return func(m ast.Node) (bool, bool) {
		x, ok := m.(ast.Expr)
		if !ok {
			return false, true
		}
		tv := c.pass.TypesInfo.Types[x]
		if tv.Value == nil || tv.Value.Kind() != constant.Int {
			return false, true
		}
		v, ok := constant.Int64Val(tv.Value)
		return ok && v == n, false
	}
}
