package engine

import (
	"go/ast"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"
)

// contextLinks reports, at each endless(x) of the fixture, whether x is
// never done, and at each link(from, to) (linkReq for a request) whether
// to is Derived from from and has its deadline (DeadlineSources).
var contextLinks = &analysis.Analyzer{
	Name:     "contextlinks",
	Doc:      "report how the engine links contexts",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		p := Of(pass)
		eachFuncDecl(pass, func(fd *ast.FuncDecl) {
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				id, _ := call.Fun.(*ast.Ident)
				switch {
				case id == nil:
				case id.Name == "endless":
					if v := p.ValueOf(fd, call.Args[0]); v != nil && Uncancellable(v) {
						pass.Reportf(call.Pos(), "never done")
					}
				case id.Name == "link" || id.Name == "linkReq":
					from, to := p.ValueOf(fd, call.Args[0]), p.ValueOf(fd, call.Args[1])
					if from == nil || to == nil {
						pass.Reportf(call.Pos(), "no value")
						return true
					}
					var got []string
					if Derived([]ssa.Value{from})[to] {
						got = append(got, "derived")
					}
					if slices.Contains(p.DeadlineSources(to), from) {
						got = append(got, "deadline")
					}
					if len(got) == 0 {
						got = []string{"neither"}
					}
					pass.Reportf(call.Pos(), "%s", strings.Join(got, ", "))
				}
				return true
			})
		})
		return nil, nil
	},
}

func TestContexts(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "contexts"), contextLinks, ".")
}
