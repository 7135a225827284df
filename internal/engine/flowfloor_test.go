package engine

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// floors reports, at every wait of a loop, how FlowOf reads what it
// waits: its first value when known, else the least it can be (a
// floor), else "?", and whether it is random, opaque, grows or steps.
var floors = &analysis.Analyzer{
	Name:     "floors",
	Doc:      "report the flows of the loops' waits",
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
					first := "?"
					switch {
					case f.Known:
						first = time.Duration(f.At0).String()
					case f.Floor > 0:
						first = ">= " + time.Duration(f.Floor).String()
					}
					var marks []string
					for _, m := range []struct {
						on   bool
						name string
					}{{f.Random, "random"}, {f.Opaque, "opaque"}, {f.Growth != nil, fmt.Sprintf("grows x%g", f.Factor)}, {f.Step != 0, "steps " + time.Duration(f.Step).String()}} {
						if m.on {
							marks = append(marks, m.name)
						}
					}
					pass.Reportf(call.Pos(), "%s", strings.Join(append([]string{first}, marks...), " "))
					return true
				})
				return true
			})
		})
		return nil, nil
	},
}

func TestFlowFloor(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "floors"), floors, ".")
}
