package nonidempotent

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/flow"
)

// Local variables are followed back to their values through the shared
// index (internal/flow): a variable is followed when every assignment to
// it can be seen. Anything else (a parameter, a field, a variable whose
// address is taken) is not followed, and the code is assumed right.

// defs returns the assignments to v; one more, with no value, when its
// address is taken (it may be written elsewhere).
func (c *checker) defs(v *types.Var) []flow.Def {
	ds := c.x.Defs(v)
	if c.x.AddrTaken(v) {
		ds = append(ds[:len(ds):len(ds)], flow.Def{})
	}
	return ds
}

// contains reports whether the node scope contains pos.
func contains(scope ast.Node, pos token.Pos) bool {
	return scope != nil && scope.Pos() <= pos && pos < scope.End()
}
