package engine

import (
	"go/ast"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// caps reports, at every wait of a loop, the cap FlowOf reads on what it
// waits: "cap 8s" when a clamp of constant limit bounds it, "clamped cap
// ?" when a clamp is seen whose limit is not a constant, "no cap"
// otherwise.
var caps = &analysis.Analyzer{
	Name:     "caps",
	Doc:      "report the caps of the loops' waits",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		p := Of(pass)
		eachFuncDecl(pass, func(fd *ast.FuncDecl) {
			fn := p.Func(fd)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				loop, ok := n.(*ast.ForStmt)
				if !ok {
					return true
				}
				l := p.LoopAt(fn, loop, loop.Body.List)
				if l == nil {
					return true
				}
				r := p.LoopRegion(fn, l)
				ast.Inspect(loop.Body, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok || !catalog.IsWait(analysisutil.Callee(pass.TypesInfo, call)) {
						return true
					}
					c := p.Call(fn, call)
					if c == nil || len(c.Common().Args) == 0 {
						return true
					}
					f := r.FlowOf(c.Common().Args[len(c.Common().Args)-1])
					switch {
					case f.Cap > 0:
						pass.Reportf(call.Pos(), "cap %s", time.Duration(f.Cap))
					case f.Clamped:
						pass.Reportf(call.Pos(), "clamped cap ?")
					default:
						pass.Reportf(call.Pos(), "no cap")
					}
					return true
				})
				return true
			})
		})
		return nil, nil
	},
}

func TestFlowCap(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "caps"), caps, ".")
}
