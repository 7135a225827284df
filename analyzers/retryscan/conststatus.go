package retryscan

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/engine"
)

// ConstStatusFact is exported for a status method of the package that
// returns a constant (engine.ConstStatus: an SDK's ClientError whose
// HttpStatus() is always 400), so that errors.As into its type in
// another package is not read as carrying the status of an answer. It is
// read from syntax alone: dependencies pay no SSA for it.
type ConstStatusFact struct{}

func (*ConstStatusFact) AFact() {}

func (*ConstStatusFact) String() string { return "const-status" }

// exportConstStatuses exports a ConstStatusFact for each such method.
func (s *scanner) exportConstStatuses() {
	for _, f := range s.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !engine.ConstStatus(s.info, fd) {
				continue
			}
			if fn, ok := s.info.Defs[fd.Name].(*types.Func); ok {
				s.pass.ExportObjectFact(fn, new(ConstStatusFact))
			}
		}
	}
}

// constStatusOf reports a method of another package that exported a
// ConstStatusFact. Safe for concurrent use (a pass's facts are).
func (s *scanner) constStatusOf(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg() != s.pass.Pkg && s.pass.ImportObjectFact(fn.Origin(), new(ConstStatusFact))
}
