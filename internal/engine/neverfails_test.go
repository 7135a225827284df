package engine

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// neverFails reports, at every function whose last result is an error,
// whether NeverFails says it returns a nil error on every way out.
var neverFails = &analysis.Analyzer{
	Name:     "neverfails",
	Doc:      "report the functions that never fail",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		p := Of(pass)
		eachFuncDecl(pass, func(fd *ast.FuncDecl) {
			res := pass.TypesInfo.Defs[fd.Name].Type().(*types.Signature).Results()
			if res.Len() == 0 || !isErrorType(res.At(res.Len()-1).Type()) {
				return
			}
			if p.NeverFails(p.Func(fd)) {
				pass.Reportf(fd.Pos(), "never fails")
			} else {
				pass.Reportf(fd.Pos(), "can fail")
			}
		})
		return nil, nil
	},
}

func TestNeverFails(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "neverfails"), neverFails, ".")
}
