package engine

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// funcs reports, at every call through a function value (a call with no
// static callee in the syntax), the functions CalledFuncs finds it can
// run, or that they are out of sight, with the function parameters it
// may run (RunsParams).
var funcs = &analysis.Analyzer{
	Name:     "funcs",
	Doc:      "report the functions a call through a function value runs",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		p := Of(pass)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				fd, ok := n.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					return true
				}
				reportFuncs(pass, p, fd)
				return false
			})
		}
		return nil, nil
	},
}

// reportFuncs reports the calls through function values in fd and in
// the function literals written in it.
func reportFuncs(pass *analysis.Pass, p *Program, fd *ast.FuncDecl) {
	var stack []ast.Node // the enclosing functions
	ast.Inspect(fd, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		switch typeutil.Callee(pass.TypesInfo, call).(type) {
		case *types.Func, *types.Builtin:
			return true // a named function or method, a builtin
		}
		if pass.TypesInfo.Types[call.Fun].IsType() {
			return true // a conversion
		}
		var fn ast.Node
		for _, s := range slices.Backward(stack) {
			if _, ok := s.(*ast.FuncLit); ok || s == fd {
				fn = s
				break
			}
		}
		in := p.Call(p.Func(fn), call)
		if in == nil {
			pass.Reportf(call.Pos(), "no call instruction")
			return true
		}
		fns, ok := p.CalledFuncs(in)
		if !ok {
			msg := "out of sight"
			if params := p.RunsParams(call); len(params) > 0 {
				msg += "; runs params"
				for _, v := range params {
					msg += " " + v.Name()
				}
			}
			pass.Reportf(call.Pos(), "%s", msg)
			return true
		}
		names := []string{"funcs"}
		for _, f := range fns {
			names = append(names, funcName(f))
		}
		pass.Reportf(call.Pos(), "%s", strings.Join(names, " "))
		return true
	})
}

// funcName names a function as the fixture writes it: its object's name,
// "lit" for a function literal.
func funcName(f *ssa.Function) string {
	if f.Object() == nil {
		return "lit"
	}
	return f.Object().Name()
}

func TestFuncs(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "funcs"), funcs, ".")
}
