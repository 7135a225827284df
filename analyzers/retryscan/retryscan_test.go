package retryscan_test

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/testenv"
)

// sites reports every retry site the recognizer finds, so that the
// fixtures can state what is and is not a retry with // want comments.
var sites = &analysis.Analyzer{
	Name:     "sites",
	Doc:      "report retry sites",
	Requires: []*analysis.Analyzer{retryscan.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := pass.ResultOf[retryscan.Analyzer].(*retryscan.Result)
		for _, s := range r.Sites() {
			var ends string
			if s.Bound.Ctx {
				ends += " ctx"
			}
			if s.Bound.Time {
				ends += " time"
			}
			pass.Reportf(s.Pos(), "site %s %q %s%s", s.Kind, s.Name, s.Bound, ends)
		}
		// Summaries of the package's own functions, rendered like the
		// facts other packages import.
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok {
					continue
				}
				fn := pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if c, ok := r.Retrier(fn); ok {
					pass.Reportf(fd.Name.Pos(), "%s", &retryscan.RetrierFact{Chain: c})
				}
				if w, ok := r.Wrapper(fn); ok {
					pass.Reportf(fd.Name.Pos(), "%s", w)
				}
			}
		}
		return nil, nil
	},
}

func TestRecognizer(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	testenv.Download(t, dir)
	analysistest.Run(t, dir, sites, "./...")
}
