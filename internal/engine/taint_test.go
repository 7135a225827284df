package engine

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"
)

// taints reports, at every argument of a call of sink in the fixture,
// the line of the call of fresh or fill whose taint reaches it. The
// seeds are given in source order; keep refuses the values assigned to a
// variable named kept.
var taints = &analysis.Analyzer{
	Name:     "taints",
	Doc:      "report the engine's taints",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		p := Of(pass)
		keep := func(v ssa.Value, _ token.Pos) bool {
			for _, e := range Exprs(v) {
				if id, ok := e.(*ast.Ident); ok && id.Name == "kept" {
					return false
				}
			}
			return true
		}
		eachFuncDecl(pass, func(fd *ast.FuncDecl) {
			t := NewTaint(p, p.Func(fd), keep)
			var sinks []ast.Expr
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				switch id, _ := call.Fun.(*ast.Ident); {
				case id == nil:
				case id.Name == "fresh":
					t.Seed(t.Value(call), call.Pos())
				case id.Name == "fill":
					t.Write(t.Value(call.Args[0]), call.Pos())
				case id.Name == "sink":
					sinks = append(sinks, call.Args[0])
				}
				return true
			})
			for _, e := range sinks {
				if at, ok := t.OfExpr(e); ok {
					pass.Reportf(e.Pos(), "from line %d", pass.Fset.Position(at).Line)
				}
			}
		})
		return nil, nil
	},
}

func TestTaint(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "taint"), taints, "./...")
}
