package flow

import (
	"go/ast"
	"go/types"
)

// Steps returns the increments and decrements of a local variable
// (attempt++, left--), which Defs leaves out: they make v a counter
// rather than one value.
func (x *Index) Steps(v *types.Var) []*ast.IncDecStmt {
	x.build()
	return x.steps[v]
}
