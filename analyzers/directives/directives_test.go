package directives_test

import (
	"go/ast"
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/directives"
	"github.com/retrylint/retrylint/internal/report"
	"github.com/retrylint/retrylint/internal/testenv"
)

// boom stands in for a retrylint analyzer: it reports every call of a
// function named boom through report.New, as the real analyzers do, and
// returns the directives that silenced one of its findings.
var boom = &analysis.Analyzer{
	Name:       "boom",
	Doc:        "report calls of boom",
	ResultType: reflect.TypeFor[*report.Usage](),
	Run: func(pass *analysis.Pass) (any, error) {
		rep := report.New(pass)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "boom" {
						rep.Reportf(c.Pos(), "boom called")
					}
				}
				return true
			})
		}
		return rep.Usage(), nil
	},
}

func testdata(t *testing.T) string {
	dir := filepath.Join(analysistest.TestData(), "mod")
	testenv.Download(t, dir)
	return dir
}

func TestDirectives(t *testing.T) {
	a := directives.NewAnalyzer(directives.Config{
		Checked: []*analysis.Analyzer{boom},
		Known:   []string{"off"},
	})
	analysistest.Run(t, testdata(t), a, "./a")
}
