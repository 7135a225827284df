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
			ast.Inspect(f, func(n ast.Node) bool {
				fd, ok := n.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					return true
				}
				for _, st := range fd.Body.List {
					reportElems(pass, p, fd, st)
				}
				return false
			})
		}
		return nil, nil
	},
}

// reportElems reports the elements at a statement use(...).
func reportElems(pass *analysis.Pass, p *Program, fd *ast.FuncDecl, st ast.Stmt) {
	es, ok := st.(*ast.ExprStmt)
	if !ok {
		return
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok || calleeIdent(call) == nil {
		return
	}
	if calleeIdent(call).Name == "usePaths" {
		reportPaths(pass, p, fd, call)
		return
	}
	if calleeIdent(call).Name != "use" {
		return
	}
	in := p.Call(p.Func(fd), call)
	elems, seen := p.Elems(Arg(in, 0), nil)
	if !seen {
		pass.Reportf(call.Pos(), "out of sight")
		return
	}
	s := []string{"elems"}
	for _, e := range elems {
		if k, ok := e.Value.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int {
			s = append(s, k.Value.String())
		}
	}
	pass.Reportf(call.Pos(), "%s", strings.Join(s, " "))
}

// reportPaths reports the lists ElemPaths finds at usePaths(...), each
// as [1 2], with the elements that are not 0 (keep drops the zeros).
func reportPaths(pass *analysis.Pass, p *Program, fd *ast.FuncDecl, call *ast.CallExpr) {
	in := p.Call(p.Func(fd), call)
	nonZero := func(s Source) bool {
		k, ok := s.Value.(*ssa.Const)
		return !ok || k.Value == nil || k.Value.String() != "0"
	}
	paths, ok := p.ElemPaths(Arg(in, 0), nil, nonZero)
	if !ok {
		pass.Reportf(call.Pos(), "out of sight")
		return
	}
	s := []string{"paths"}
	for _, path := range paths {
		var elems []string
		for _, e := range path {
			if k, ok := e.Value.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int {
				elems = append(elems, k.Value.String())
			} else {
				elems = append(elems, "?")
			}
		}
		s = append(s, "["+strings.Join(elems, " ")+"]")
	}
	pass.Reportf(call.Pos(), "%s", strings.Join(s, " "))
}

func TestElems(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "elems"), elems, ".")
}
