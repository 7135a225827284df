package engine

import (
	"go/ast"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"
)

// runsAfter reports, at every function that calls first and second once
// each, whether RunsAfter says the call of second can run after the call
// of first.
var runsAfter = &analysis.Analyzer{
	Name:     "runsafter",
	Doc:      "report whether one call can run after another",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		p := Of(pass)
		eachFuncDecl(pass, func(fd *ast.FuncDecl) {
			fn := p.Func(fd)
			if fn == nil {
				return
			}
			calls := map[string]ssa.Instruction{}
			for _, b := range fn.Blocks {
				for _, in := range b.Instrs {
					if c, ok := in.(*ssa.Call); ok && c.Call.StaticCallee() != nil {
						calls[c.Call.StaticCallee().Name()] = c
					}
				}
			}
			a, b := calls["first"], calls["second"]
			if a == nil || b == nil {
				return
			}
			if RunsAfter(a, b) {
				pass.Reportf(fd.Pos(), "second runs after first")
			} else {
				pass.Reportf(fd.Pos(), "second does not run after first")
			}
		})
		return nil, nil
	},
}

func TestRunsAfter(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "runsafter"), runsAfter, ".")
}
