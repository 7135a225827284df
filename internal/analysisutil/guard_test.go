package analysisutil_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/suite"
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

// TestSuiteGuarded runs every analyzer of the suite, and every analyzer
// they require, on a pass they cannot survive (no type information, no
// results of their requirements): each must return an error naming
// itself, never panic.
func TestSuiteGuarded(t *testing.T) {
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, r := range a.Requires {
			visit(r)
		}
		t.Run(a.Name, func(t *testing.T) {
			p := pass(t, a)
			p.Files = append(p.Files, nil) // and a nil file, for the analyzers that need no types
			_, err := a.Run(p)
			if err == nil || !strings.HasPrefix(err.Error(), a.Name+": internal error analyzing example.com/p") {
				t.Errorf("Run on a broken pass: err = %v, want a recovered panic of %s", err, a.Name)
			}
		})
	}
	for _, a := range suite.Analyzers() {
		visit(a)
	}
	if len(seen) < 7 {
		t.Errorf("checked %d analyzers, want the suite's six and the recognizer", len(seen))
	}
}
