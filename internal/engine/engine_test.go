package engine

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/testenv"
)

// walks reports, for every loop, recursive retry and operation handed
// to a catalogued library in the fixture, every way through one attempt
// as the engine walks it from the top with nothing decided: where it
// ends, and the conditions met on the way (! for one that does not
// hold). Loops also report what their counters allow.
var walks = &analysis.Analyzer{
	Name:     "walks",
	Doc:      "report the engine's walks",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		p := Of(pass)
		eachFuncDecl(pass, func(fd *ast.FuncDecl) {
			fn := p.Func(fd)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				var body *ast.BlockStmt
				switch n := n.(type) {
				case *ast.ForStmt:
					body = n.Body
				case *ast.RangeStmt:
					body = n.Body
				}
				switch n := n.(type) {
				case *ast.ForStmt, *ast.RangeStmt:
					if l := p.LoopAt(fn, n, body.List); l != nil {
						r := p.LoopRegion(fn, l)
						msg := render(p, r.Walk(&Scenario{}, nil))
						if t := r.Trips(firstCall(r)); t.N > 0 {
							msg += fmt.Sprintf("; trips %d", t.N)
						}
						pass.Reportf(n.Pos(), "%s", msg)
					}
					return false
				case *ast.CallExpr:
					callee, _ := pass.TypesInfo.Uses[calleeIdent(n)].(*types.Func)
					switch {
					case callee == pass.TypesInfo.Defs[fd.Name]:
						pass.Reportf(n.Pos(), "%s", render(p, p.RecursionRegion(fn).Walk(&Scenario{}, nil)))
					case callee != nil && callee.Pkg() != nil && catalog.ErrorOperation(callee.Pkg().Path()):
						for _, a := range n.Args {
							if lit, ok := a.(*ast.FuncLit); ok {
								r := p.OpRegion(p.Func(lit), callee.Pkg().Path())
								pass.Reportf(lit.Pos(), "%s", render(p, r.Walk(&Scenario{}, nil)))
							}
						}
					}
				}
				return true
			})
		})
		return nil, nil
	},
}

// firstCall returns the first call a loop makes, taken as its attempt.
func firstCall(r *Region) ssa.Instruction {
	var first ssa.Instruction
	for _, b := range r.Func().Blocks {
		if !r.Loop().Has(b) {
			continue
		}
		for _, in := range b.Instrs {
			if c, ok := in.(*ssa.Call); ok && (first == nil || c.Pos() < first.Pos()) {
				first = c
			}
		}
	}
	return first
}

func calleeIdent(call *ast.CallExpr) *ast.Ident {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return f
	case *ast.SelectorExpr:
		return f.Sel
	}
	return nil
}

// render writes a walk as "end [cond, !cond]; ...".
func render(p *Program, w *Walk) string {
	if w.Void {
		return "void"
	}
	var paths []string
	for _, path := range w.Paths {
		var conds []string
		for _, b := range path.Branches {
			s := atom(p, b.If)
			if !b.Taken {
				s = "!" + s
			}
			conds = append(conds, s)
		}
		end := path.End.String()
		if path.End == EndError {
			end += ":" + path.Err.String()
		}
		paths = append(paths, end+" ["+strings.Join(conds, ", ")+"]")
	}
	return strings.Join(paths, "; ")
}

// atom renders the condition a branch tests: its expression, or the
// comparison a switch case makes.
func atom(p *Program, ifi *ssa.If) string {
	if e := condExpr(ifi); e != nil {
		return types.ExprString(e)
	}
	if b, ok := ifi.Cond.(*ssa.BinOp); ok {
		if x, ok := b.X.(*ssa.Extract); ok {
			if sel, ok := x.Tuple.(*ssa.Select); ok {
				k := intConst(b.Y)
				if k >= 0 && int(k) < len(sel.States) {
					return "case " + types.ExprString(sel.States[k].DebugNode.(ast.Expr))
				}
			}
		}
	}
	cond := p.ConditionOf(ifi)
	if cond.Tag != nil {
		if b, ok := ifi.Cond.(*ssa.BinOp); ok {
			for _, e := range cond.Exprs {
				if e.Pos() == b.Pos() {
					return types.ExprString(cond.Tag) + " == " + types.ExprString(e)
				}
			}
		}
	}
	return ifi.Cond.String()
}

func TestWalks(t *testing.T) {
	dir := filepath.Join(analysistest.TestData())
	testenv.Download(t, dir)
	analysistest.Run(t, dir, walks, "./...")
}

// eachFuncDecl calls f for every function declaration with a body in the
// pass's files: the test analyzers here report at each.
func eachFuncDecl(pass *analysis.Pass, f func(fd *ast.FuncDecl)) {
	for _, file := range pass.Files {
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				f(fd)
			}
		}
	}
}
