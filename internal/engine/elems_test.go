package engine

import (
	"go/ast"
	"go/constant"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"
)

// elems reports, at every call of a function named use, the constant
// elements Elems finds in its slice argument.
var elems = &analysis.Analyzer{
	Name:     "elems",
	Doc:      "report the elements of use's argument",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		p := Of(pass)
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok || calleeIdent(call) == nil || calleeIdent(call).Name != "use" {
						return true
					}
					in := p.Call(p.Func(fd), call)
					es, ok := p.Elems(Arg(in, 0), nil)
					if !ok {
						pass.Reportf(call.Pos(), "out of sight")
						return true
					}
					var s []string
					for _, e := range es {
						if k, ok := e.Value.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int {
							s = append(s, k.Value.String())
						}
					}
					pass.Reportf(call.Pos(), "%s", strings.Join(append([]string{"elems"}, s...), " "))
					return true
				})
			}
		}
		return nil, nil
	},
}

func TestElems(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "elems"), elems, ".")
}
