package retryscan_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/testenv"
	"github.com/retrylint/retrylint/registry"
)

// sites reports every retry site the recognizer finds, so that the
// fixtures can state what is and is not a retry with // want comments.
var sites = &analysis.Analyzer{
	Name:     "sites",
	Doc:      "report retry sites",
	Requires: []*analysis.Analyzer{retryscan.Analyzer},
	Run:      reportSites,
}

func reportSites(pass *analysis.Pass) (any, error) {
	r := pass.ResultOf[retryscan.Analyzer].(*retryscan.Result)
	for _, s := range r.Sites() {
		var ends string
		if s.Bound().Ctx {
			ends += " ctx"
		}
		if s.Bound().Time {
			ends += " time"
		}
		pass.Reportf(s.Pos(), "site %s %q %s%s", s.Kind(), s.Name(), s.Bound(), ends)
	}
	for _, st := range r.InterceptorStacks() {
		var counts, names []string
		for _, l := range st.Layers {
			counts = append(counts, fmt.Sprint(l.Attempts))
			names = append(names, l.Name)
		}
		pass.Reportf(st.Dial.Pos(), "stack %s (%s)", strings.Join(counts, "x"), strings.Join(names, ", "))
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
			if c, ok := r.Config(fn); ok {
				pass.Reportf(fd.Name.Pos(), "%s", c)
			}
			if c, ok := r.Classifier(fn); ok {
				pass.Reportf(fd.Name.Pos(), "%s", c)
			}
		}
	}
	return nil, nil
}

// mod is testdata/mod, loaded once for TestRecognizer and
// TestLibraryShapes.
var mod = testenv.NewModule("testdata/mod", "./...")

func TestRecognizer(t *testing.T) {
	t.Parallel()
	mod.Run(t, sites, "./...")
}

// suiteSites reports retry sites like sites, with every analyzer of the
// suite run first on each package: a panic or an error in any of them
// fails the test (through the guard, as "failed prerequisites").
var suiteSites = &analysis.Analyzer{
	Name:     "suitesites",
	Doc:      "report retry sites after running the whole suite",
	Requires: append(registry.Analyzers(), retryscan.Analyzer),
	Run:      reportSites,
}

// TestShapes runs the whole suite on the call shapes that crashed the
// recognizer or could (function values, method values, closures in
// fields, interface calls, generics, calls in if/switch init statements,
// defer and go), each in a retry loop's exits and body. The fixture needs
// only the standard library.
func TestShapes(t *testing.T) {
	t.Parallel()
	testenv.NewModule("testdata/shapes").Run(t, suiteSites, "./...")
}

// TestLibraryShapes does the same for library calls, whose operations
// and options come in the same shapes.
func TestLibraryShapes(t *testing.T) {
	t.Parallel()
	mod.Run(t, suiteSites, "./libshapes")
}
