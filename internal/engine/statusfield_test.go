package engine

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// statusFields reports every struct type of the package from which an
// HTTP status can be read (carriesStatus), and every field that holds
// one (isStatusField).
var statusFields = &analysis.Analyzer{
	Name:     "statusfields",
	Doc:      "report the types and fields that carry an HTTP status",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		p := Of(pass)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				ts, ok := n.(*ast.TypeSpec)
				if !ok {
					return true
				}
				tn := pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
				if p.carriesStatus(tn.Type()) {
					pass.Reportf(ts.Pos(), "carries status")
				}
				named, st := structOf(tn.Type())
				if st == nil {
					return false
				}
				for i := range st.NumFields() {
					if p.isStatusField(named, st, st.Field(i)) {
						pass.Reportf(st.Field(i).Pos(), "status field")
					}
				}
				return false
			})
		}
		// Every field selector: HTTPStatusField, the recognizer's look
		// by the declaring type's name, says "named status"; where it
		// says so, isStatusField, the engine's, must say so of the field
		// the selector reaches.
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				se, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				sel := pass.TypesInfo.Selections[se]
				if !HTTPStatusField(sel) {
					return true
				}
				pass.Reportf(se.Sel.Pos(), "named status")
				if named, st, fv := declaringStruct(sel.Recv(), sel.Index()); !p.isStatusField(named, st, fv) {
					pass.Reportf(se.Sel.Pos(), "isStatusField disagrees")
				}
				return true
			})
		}
		if p.Built() {
			pass.Reportf(pass.Files[0].Package, "built SSA")
		}
		return nil, nil
	},
}

func TestStatusFields(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "statusfield"), statusFields, ".")
}
