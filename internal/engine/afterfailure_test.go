package engine

import (
	"go/ast"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"
)

// afterFailure reports, at every call of mark, whether AfterFailure says
// it runs only after the attempt failed: in a function literal handed to
// op, the literal being the operation; elsewhere, in the function's
// first loop, the calls of do and get being the attempt.
var afterFailure = &analysis.Analyzer{
	Name:     "afterfailure",
	Doc:      "report whether a statement runs only after the attempt failed",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		p := Of(pass)
		eachFuncDecl(pass, func(fd *ast.FuncDecl) {
			fn := p.Func(fd)
			var region *Region
			var attempt []ssa.CallInstruction
			var marks []*ast.CallExpr
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.ForStmt:
					if region == nil {
						region = p.LoopRegion(fn, p.LoopAt(fn, n, n.Body.List))
					}
				case *ast.RangeStmt:
					if region == nil {
						region = p.LoopRegion(fn, p.LoopAt(fn, n, n.Body.List))
					}
				case *ast.FuncLit:
					if region == nil {
						region = p.OpRegion(p.Func(n), "")
					}
				case *ast.CallExpr:
					switch id := calleeIdent(n); {
					case id == nil:
					case id.Name == "do" || id.Name == "get":
						if c := p.Call(fn, n); c != nil {
							attempt = append(attempt, c)
						}
					case id.Name == "mark":
						marks = append(marks, n)
					}
				}
				return true
			})
			for _, m := range marks {
				if region != nil && region.AfterFailure(m, attempt) {
					pass.Reportf(m.Pos(), "after failure")
				} else {
					pass.Reportf(m.Pos(), "not after failure")
				}
			}
		})
		return nil, nil
	},
}

func TestAfterFailure(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "afterfailure"), afterFailure, ".")
}
