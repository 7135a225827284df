package analysisutil_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
	"github.com/retrylint/retrylint/registry"
)

const src = `package p

type T struct{}

func (*T) M() {
	var f func()
	f()
}
`

// boom panics at the call in (*T).M, as an analyzer bug would.
func boom(pass *analysis.Pass, at *analysisutil.Crumb) (any, error) {
	for _, d := range pass.Files[0].Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			at.Func(fd)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					at.At(call.Pos())
					var m map[string]int
					//lint:ignore SA5000 the panic is what the test is about
					m["x"]++ // assignment to entry in nil map
				}
				return true
			})
		}
	}
	return "unreachable", nil
}

func pass(t *testing.T, a *analysis.Analyzer) *analysis.Pass {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "/src/p/p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	return &analysis.Pass{Analyzer: a, Fset: fset, Files: []*ast.File{f}, Pkg: types.NewPackage("example.com/p", "p")}
}

// TestGuard checks the error a recovered panic becomes: one line with
// the analyzer, the package, the position and function being analyzed,
// the panic value and where to report it; the stack only on request.
func TestGuard(t *testing.T) {
	a := &analysis.Analyzer{Name: "boom", Doc: "panics", Run: analysisutil.Guard(boom)}
	t.Setenv(analysisutil.StackEnv, "")
	res, err := a.Run(pass(t, a))
	if err == nil {
		t.Fatalf("Run returned %v, no error", res)
	}
	if res != nil {
		t.Errorf("Run returned a result with its error: %v", res)
	}
	msg := err.Error()
	for _, want := range []string{
		"boom: internal error analyzing example.com/p at /src/p/p.go:7:2 (in func (*T).M): ",
		"assignment to entry in nil map",
		"please report it at " + analysisutil.Issues,
		"-stack",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("error is not one line:\n%s", msg)
	}

	t.Setenv(analysisutil.StackEnv, "1")
	_, err = a.Run(pass(t, a))
	first, stack, _ := strings.Cut(err.Error(), "\n")
	if !strings.Contains(first, "assignment to entry in nil map") || !strings.Contains(stack, "goroutine ") || !strings.Contains(stack, "analysisutil_test.boom") {
		t.Errorf("with %s=1 the error should end with the stack:\n%s", analysisutil.StackEnv, err)
	}
}

// TestSuiteGuarded checks that a panic in any analyzer of the suite
// becomes an error of the package. The recognizer's failure is carried by
// its result and every analyzer built on it returns it as its own; each
// analyzer, given a pass it cannot survive (no type information, a nil
// file), returns its own error.
func TestSuiteGuarded(t *testing.T) {
	broken := pass(t, retryscan.Analyzer)
	broken.Files = append(broken.Files, nil)
	failed, err := retryscan.Analyzer.Run(broken)
	if err != nil {
		t.Fatalf("the recognizer failed its pass (%v); its failure belongs in its result", err)
	}
	if _, err := retryscan.Of(&analysis.Pass{Analyzer: boomAnalyzer, ResultOf: map[*analysis.Analyzer]any{retryscan.Analyzer: failed}}); err == nil || !strings.HasPrefix(err.Error(), "retryscan: internal error analyzing example.com/p") {
		t.Fatalf("retryscan.Of on a failed result: %v", err)
	}
	good := typedPass(t, retryscan.Analyzer)
	good.ResultOf = map[*analysis.Analyzer]any{engine.Analyzer: engine.New(good.Fset, good.Pkg, good.TypesInfo, good.Files)}
	ok, err := retryscan.Analyzer.Run(good)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range registry.Analyzers() {
		t.Run(a.Name, func(t *testing.T) {
			requiresRecognizer := slices.Contains(a.Requires, retryscan.Analyzer)
			if requiresRecognizer {
				p := pass(t, a)
				p.ResultOf = map[*analysis.Analyzer]any{retryscan.Analyzer: failed, engine.Analyzer: engine.New(p.Fset, p.Pkg, p.TypesInfo, p.Files)}
				if _, err := a.Run(p); err == nil || !strings.HasPrefix(err.Error(), "retryscan: internal error analyzing example.com/p") {
					t.Errorf("with the recognizer failed: err = %v, want the recognizer's error", err)
				}
			}
			p := pass(t, a)
			p.Files = append(p.Files, nil)
			p.ResultOf = map[*analysis.Analyzer]any{retryscan.Analyzer: ok, engine.Analyzer: engine.New(p.Fset, p.Pkg, p.TypesInfo, p.Files)}
			if _, err := a.Run(p); err == nil || !strings.HasPrefix(err.Error(), a.Name+": internal error analyzing example.com/p") {
				t.Errorf("on a broken pass: err = %v, want a recovered panic of %s", err, a.Name)
			}
		})
	}
}

var boomAnalyzer = &analysis.Analyzer{Name: "boom", Doc: "panics", Run: analysisutil.Guard(boom)}

// typedPass is a pass over src with type information.
func typedPass(t *testing.T, a *analysis.Analyzer) *analysis.Pass {
	t.Helper()
	p := pass(t, a)
	p.TypesInfo = &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := new(types.Config).Check("example.com/p", p.Fset, p.Files, p.TypesInfo)
	if err != nil {
		t.Fatal(err)
	}
	p.Pkg = pkg
	p.ExportObjectFact = func(types.Object, analysis.Fact) {}
	p.ImportObjectFact = func(types.Object, analysis.Fact) bool { return false }
	return p
}
