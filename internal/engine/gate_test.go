package engine

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// gates reports, at every function with a function parameter, the bool
// parameter OnceGate finds for its first one.
var gates = &analysis.Analyzer{
	Name:     "gates",
	Doc:      "report the once-gates of runners",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		p := Of(pass)
		eachFuncDecl(pass, func(fd *ast.FuncDecl) {
			sig := pass.TypesInfo.Defs[fd.Name].Type().(*types.Signature)
			for i := 0; i < sig.Params().Len(); i++ {
				if _, ok := sig.Params().At(i).Type().Underlying().(*types.Signature); !ok {
					continue
				}
				if g := OnceGate(p.Func(fd), i); g >= 0 {
					pass.Reportf(fd.Pos(), "gate %s", sig.Params().At(g).Name())
				} else {
					pass.Reportf(fd.Pos(), "no gate")
				}
				break
			}
		})
		return nil, nil
	},
}

func TestOnceGate(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "gate"), gates, ".")
}
