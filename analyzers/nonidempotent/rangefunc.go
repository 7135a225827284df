package nonidempotent

import (
	"go/ast"
	"go/types"
)

// The body of a range-over-func loop is a function of its own in SSA,
// which the iterator calls once per round:
//
//	for attempt := range attempts(3) {
//		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, body)
//		resp, err := client.Do(req) // read in the body's function
//	}
//
// so a call in it is looked up there, not in the function around the
// loop.

// placeOf returns the place of a call in fd, inside lits: with the
// innermost range-over-func loop whose body holds it, in the innermost
// literal. Whether a range is over a function is read from its type, so
// that no SSA is built for it.
func (c *checker) placeOf(fd *ast.FuncDecl, lits []*ast.FuncLit, call *ast.CallExpr) place {
	p := place{fd: fd, lits: lits}
	var outer ast.Node = fd
	if len(lits) > 0 {
		outer = lits[len(lits)-1]
	}
	if !c.holdsRangeFunc(outer) {
		return p // most functions; generated code has thousands of calls
	}
	ast.Inspect(outer, func(n ast.Node) bool {
		if n == nil || n.Pos() > call.Pos() || call.Pos() >= n.End() {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok && n != outer {
			return false
		}
		if rs, ok := n.(*ast.RangeStmt); ok && rs.Body.Pos() <= call.Pos() && c.overFunc(rs) {
			p.rng = rs
		}
		return true
	})
	return p
}

// holdsRangeFunc reports whether a function holds a range over a
// function, worked out once.
func (c *checker) holdsRangeFunc(fn ast.Node) bool {
	held, ok := c.rangeFuncs[fn]
	if !ok {
		ast.Inspect(fn, func(n ast.Node) bool {
			if rs, ok := n.(*ast.RangeStmt); ok && c.overFunc(rs) {
				held = true
			}
			return !held
		})
		c.rangeFuncs[fn] = held
	}
	return held
}

// overFunc reports a range over a function (an iterator).
func (c *checker) overFunc(rs *ast.RangeStmt) bool {
	t := c.info.TypeOf(rs.X)
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Signature)
	return ok
}
