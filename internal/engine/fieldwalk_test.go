package engine

import (
	"go/ast"
	"go/constant"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/testenv"
)

// fieldValues reports, at every call use(v, "Field") (useRT) of the fixture,
// the types FieldValues finds the field of v may hold (through Concrete
// for an interface), or that it is out of sight; at every call
// constOf(x), the constant ConstOf finds x always is.
var fieldValues = &analysis.Analyzer{
	Name:     "fieldvalues",
	Doc:      "report what FieldValues and ConstOf find",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		p := Of(pass)
		eachFuncDecl(pass, func(fd *ast.FuncDecl) {
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok && calleeIdent(call) != nil {
					reportField(pass, p, fd, call)
				}
				return true
			})
		})
		return nil, nil
	},
}

func reportField(pass *analysis.Pass, p *Program, fd *ast.FuncDecl, call *ast.CallExpr) {
	switch calleeIdent(call).Name {
	case "use", "useRT":
		in := p.Call(p.Func(fd), call)
		v := Arg(in, 0)
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		name := constant.StringVal(pass.TypesInfo.Types[call.Args[1]].Value)
		vals, seen := p.FieldValues(v, name)
		if !seen {
			pass.Reportf(call.Pos(), "out of sight")
			return
		}
		var held []string
		for _, x := range vals {
			cs := []ssa.Value{x}
			if types.IsInterface(x.Type()) {
				cs, _ = p.Concrete(x)
			}
			for _, c := range cs {
				held = append(held, types.TypeString(c.Type(), func(q *types.Package) string {
					if q == pass.Pkg {
						return ""
					}
					return q.Name()
				}))
			}
		}
		slices.Sort(held)
		pass.Reportf(call.Pos(), "values %s", strings.Join(held, " "))
	case "constOf":
		if c := p.ConstOf(Arg(p.Call(p.Func(fd), call), 0)); c != nil && c.Value != nil {
			pass.Reportf(call.Pos(), "const %s", c.Value)
			return
		}
		pass.Reportf(call.Pos(), "no const")
	}
}

func TestFieldWalk(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "fieldwalk")
	testenv.Download(t, dir)
	analysistest.Run(t, dir, fieldValues, ".")
}
