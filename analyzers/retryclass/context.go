package retryclass

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// Which contexts a retry's attempt carries: those of the enclosing
// function that someone can cancel, and what is made from them.

// outerContexts returns the cancellable contexts that scope uses and
// that are not made inside body: parameters and variables of the
// enclosing function fn (not ones it sets to context.Background() or
// TODO()).
func (c *checker) outerContexts(fn, scope, body ast.Node) map[types.Object]bool {
	info := c.pass.TypesInfo
	out := map[types.Object]bool{}
	ast.Inspect(scope, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || out[v] || v.IsField() || !isContext(v.Type()) || v.Parent() == nil || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
			return true
		}
		if body.Pos() <= v.Pos() && v.Pos() < body.End() {
			return true // made inside: a per-attempt context
		}
		if !c.uncancellable(fn, v) {
			out[v] = true
		}
		return true
	})
	return out
}

// uncancellable reports whether every value fn gives v is
// context.Background() or context.TODO().
func (c *checker) uncancellable(fn ast.Node, v *types.Var) bool {
	info := c.pass.TypesInfo
	assigned, background := 0, 0
	ast.Inspect(fn, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for i, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) == v && len(as.Rhs) == len(as.Lhs) {
					assigned++
					if isBackground(info, as.Rhs[i]) {
						background++
					}
				}
			}
		}
		if vs, ok := n.(*ast.ValueSpec); ok {
			for i, id := range vs.Names {
				if info.ObjectOf(id) == v && i < len(vs.Values) {
					assigned++
					if isBackground(info, vs.Values[i]) {
						background++
					}
				}
			}
		}
		return true
	})
	return assigned > 0 && assigned == background
}

func isBackground(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := analysisutil.Callee(info, call)
	return analysisutil.IsFunc(fn, "context", "", "Background") || analysisutil.IsFunc(fn, "context", "", "TODO")
}

// derived returns the contexts and the variables fn assigns from them:
// the request built with ctx, a context derived from it.
func (c *checker) derived(fn ast.Node, ctxs map[types.Object]bool) map[types.Object]bool {
	info := c.pass.TypesInfo
	out := map[types.Object]bool{}
	for o := range ctxs {
		out[o] = true
	}
	for changed, rounds := true, 0; changed && rounds < 6; rounds++ {
		changed = false
		ast.Inspect(fn, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for i, l := range as.Lhs {
				id, ok := ast.Unparen(l).(*ast.Ident)
				if !ok || id.Name == "_" {
					continue
				}
				obj := info.ObjectOf(id)
				if obj == nil || out[obj] || isErrorType(obj.Type()) {
					continue
				}
				rhs := as.Rhs[0]
				if len(as.Rhs) == len(as.Lhs) {
					rhs = as.Rhs[i]
				}
				if mentionsObj(info, rhs, out) {
					out[obj] = true
					changed = true
				}
			}
			return true
		})
	}
	return out
}

// perAttemptContext reports whether the attempt body makes a context of
// its own: ctx, cancel := context.WithTimeout(parent, d).
func (c *checker) perAttemptContext(body ast.Node, derived map[types.Object]bool) bool {
	for obj := range derived {
		if isContext(obj.Type()) && body.Pos() <= obj.Pos() && obj.Pos() < body.End() {
			return true
		}
	}
	return false
}

// origins narrows the contexts to those whose work the attempt does:
// the attempt mentions them or a variable made from them.
func (c *checker) origins(fn, attempt ast.Node, ctxs map[types.Object]bool) map[types.Object]bool {
	out := map[types.Object]bool{}
	for ctx := range ctxs {
		if mentionsObj(c.pass.TypesInfo, attempt, c.derived(fn, map[types.Object]bool{ctx: true})) {
			out[ctx] = true
		}
	}
	if len(out) == 0 {
		return ctxs
	}
	return out
}

// nameOf names one of the contexts, the first in source order.
func nameOf(ctxs map[types.Object]bool) string {
	var best types.Object
	for o := range ctxs {
		if best == nil || o.Pos() < best.Pos() {
			best = o
		}
	}
	return best.Name()
}
