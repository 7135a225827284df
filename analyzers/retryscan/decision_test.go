package retryscan_test

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/testenv"
)

// decisions reports each site's Decision rendered as its paths, so that
// the fixture states them with // want comments.
var decisions = &analysis.Analyzer{
	Name:     "decisions",
	Doc:      "report the decision of each retry site",
	Requires: []*analysis.Analyzer{retryscan.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := pass.ResultOf[retryscan.Analyzer].(*retryscan.Result)
		for _, s := range r.Sites() {
			d := s.Decision(pass.TypesInfo)
			if d == nil {
				pass.Reportf(s.Pos(), "no decision")
				continue
			}
			var paths []string
			for _, p := range d.Paths {
				paths = append(paths, renderPath(p))
				checkSteps(pass, p)
			}
			pass.Reportf(s.Pos(), "%s", strings.Join(paths, "; "))
		}
		return nil, nil
	},
}

func renderPath(p retryscan.Path) string {
	var conds []string
	for _, c := range p.Conds {
		var s string
		switch n := c.Node.(type) {
		case *ast.CommClause:
			s = "case " + render(n.Comm)
		default:
			var vals []string
			for _, e := range c.Any {
				vals = append(vals, types.ExprString(e))
			}
			s = strings.Join(vals, "|")
			if c.Tag != nil {
				s = types.ExprString(c.Tag) + " == " + s
			}
		}
		if !c.Holds {
			s = "!" + s
		}
		conds = append(conds, s)
	}
	end := p.End.String()
	if p.End == retryscan.EndError && p.Err != nil {
		end += ":" + types.ExprString(p.Err)
	}
	return end + " [" + strings.Join(conds, ", ") + "]"
}

// checkSteps checks that a path's steps are in source order and that
// each condition's Step splits them at the condition: what runs before
// it is written before it.
func checkSteps(pass *analysis.Pass, p retryscan.Path) {
	for i := 1; i < len(p.Steps); i++ {
		if p.Steps[i].Pos() < p.Steps[i-1].End() {
			pass.Reportf(p.Steps[i].Pos(), "steps out of order")
		}
	}
	for _, c := range p.Conds {
		if len(c.Any) == 0 {
			continue
		}
		at := c.Any[0].Pos()
		if c.Step > 0 && p.Steps[c.Step-1].End() > at || c.Step < len(p.Steps) && p.Steps[c.Step].Pos() < at {
			pass.Reportf(at, "condition at step %d of %d is out of place", c.Step, len(p.Steps))
		}
	}
}

func render(st ast.Stmt) string {
	if e, ok := st.(*ast.ExprStmt); ok {
		return types.ExprString(e.X)
	}
	return "stmt"
}

func TestDecision(t *testing.T) {
	t.Parallel()
	testenv.NewModule("testdata/decision").Run(t, decisions, "./...")
}
