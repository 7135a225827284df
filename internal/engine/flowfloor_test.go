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

// loopWaits returns an analyzer that reports, at every wait of a loop,
// what report says of the flow FlowOf reads on what it waits.
func loopWaits(name string, report func(f Flow) string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     name,
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
						if c := p.Call(fn, call); c != nil && len(c.Common().Args) > 0 {
							pass.Reportf(call.Pos(), "%s", report(r.FlowOf(c.Common().Args[len(c.Common().Args)-1])))
						}
						return true
					})
					return true
				})
			})
			return nil, nil
		},
	}
}

// floors reports a wait's first value when known, else the least it can
// be (a floor), else "?", and whether it is random, opaque, grows or
// steps, and the clamp its floors grow up to.
var floors = loopWaits("floors", func(f Flow) string {
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
	}{{f.Random, "random"}, {f.Opaque, "opaque"}, {f.Growth != nil, fmt.Sprintf("grows x%g", f.Factor)}, {f.Step != 0, "steps " + time.Duration(f.Step).String()}, {f.FloorCap > 0, "floors up to " + time.Duration(f.FloorCap).String()}} {
		if m.on {
			marks = append(marks, m.name)
		}
	}
	return strings.Join(append([]string{first}, marks...), " ")
})

func TestFlowFloor(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "floors"), floors, ".")
}
