package engine

import (
	"go/ast"
	"go/types"
)

// An SDK may give the errors it makes before any answer a status method
// too, one that returns a constant (alibaba-cloud-sdk-go's ClientError:
// HttpStatus() int { return 400 } for a timeout or a reset connection).
// Such a type carries no status of an answer: errors.As into it says
// nothing of a 404, which comes as another type, and a classifier that
// retries it retries transport failures:
//
//	var ce *sdkerrors.ClientError
//	if errors.As(err, &ce) {
//		return true // no answer: retry
//	}

// ConstStatus reports whether decl is a status method (StatusName,
// shaped like StatusCode() int) whose body returns one constant.
func ConstStatus(info *types.Info, decl *ast.FuncDecl) bool {
	if decl.Recv == nil || decl.Body == nil || len(decl.Body.List) != 1 || !StatusName(decl.Name.Name) {
		return false
	}
	fn, ok := info.Defs[decl.Name].(*types.Func)
	if !ok || !statusMethod(fn) {
		return false
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	return ok && len(ret.Results) == 1 && info.Types[ret.Results[0]].Value != nil
}

// SetConstStatuses gives the Program the lookup of another package's
// status methods that return a constant (ConstStatus, through facts).
func (p *Program) SetConstStatuses(lookup func(*types.Func) bool) { p.constStatuses = lookup }

// constStatus reports a status method that returns a constant, of this
// package (read from its syntax) or of another (through the lookup).
func (p *Program) constStatus(m *types.Func) bool {
	if m.Pkg() != p.pkg {
		return p.constStatuses != nil && p.constStatuses(m)
	}
	for _, f := range p.files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && p.info.Defs[fd.Name] == m.Origin() {
				return ConstStatus(p.info, fd)
			}
		}
	}
	return false
}
