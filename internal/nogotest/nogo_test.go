package nogotest

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/internal/testenv"
	"github.com/retrylint/retrylint/registry"
)

// emptyUnderNogo are the analysis.Pass fields nogo's pass leaves unset
// (rules_go go/tools/builders/nogo_main.go).
var emptyUnderNogo = []string{"ReadFile", "Module", "OtherFiles", "IgnoredFiles", "TypeErrors"}

// fixture is a module with retry code and real libraries, shared with
// the golangci-lint end-to-end check.
var fixture = filepath.Join("..", "..", "testdata", "golangci", "fixture")

// TestNogoShapedPass runs every analyzer of the suite, and every analyzer
// they require, on the fixture and all its dependencies (std included,
// as nogo and go vet do for analyzers with facts), each with a pass
// shaped like nogo's: ReadFile fails the test when called, Module is nil
// (a read panics, which fails the test), and the file lists are empty.
func TestNogoShapedPass(t *testing.T) {
	testenv.Download(t, fixture)
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: fixture, Env: append(envNoWork(), "GOFLAGS=-mod=mod")}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		t.Fatalf("fixture does not load: %d errors", n)
	}
	w := &wrapper{t: t, orig: map[*analysis.Analyzer]*analysis.Analyzer{}, copies: map[*analysis.Analyzer]*analysis.Analyzer{}}
	var roots []*analysis.Analyzer
	for _, a := range registry.Analyzers() {
		roots = append(roots, w.wrap(a))
	}
	g, err := checker.Analyze(roots, pkgs, &checker.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ran := map[string]bool{}
	for act := range g.All() {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		ran[act.Analyzer.Name] = true
	}
	for a := range w.orig {
		if !ran[a.Name] {
			t.Errorf("%s did not run", a.Name)
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.passes < len(w.orig)*len(pkgs) {
		t.Errorf("only %d passes ran for %d analyzers on %d packages", w.passes, len(w.orig), len(pkgs))
	}
}

// wrapper copies an analyzer graph, wrapping each Run so that it sees a
// nogo-shaped pass whose ResultOf is keyed by the original analyzers.
type wrapper struct {
	t      *testing.T
	orig   map[*analysis.Analyzer]*analysis.Analyzer // copy -> original
	copies map[*analysis.Analyzer]*analysis.Analyzer // original -> copy

	mu     sync.Mutex
	passes int
}

func (w *wrapper) wrap(a *analysis.Analyzer) *analysis.Analyzer {
	if c := w.copies[a]; c != nil {
		return c
	}
	c := new(analysis.Analyzer)
	*c = *a
	w.copies[a], w.orig[c] = c, a
	c.Requires = nil
	for _, r := range a.Requires {
		c.Requires = append(c.Requires, w.wrap(r))
	}
	c.Run = func(pass *analysis.Pass) (result any, err error) {
		p := *pass
		p.Analyzer = a
		p.ResultOf = map[*analysis.Analyzer]any{}
		for k, v := range pass.ResultOf {
			p.ResultOf[w.orig[k]] = v
		}
		p.ReadFile = func(name string) ([]byte, error) {
			w.t.Errorf("%s called pass.ReadFile(%q) on %s; nogo leaves ReadFile nil", a.Name, name, pass.Pkg.Path())
			return nil, errors.New("no ReadFile under nogo")
		}
		p.Module, p.OtherFiles, p.IgnoredFiles, p.TypeErrors = nil, nil, nil, nil
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("%s panicked on a nogo-shaped pass for %s: %v", a.Name, pass.Pkg.Path(), r)
			}
		}()
		w.mu.Lock()
		w.passes++
		w.mu.Unlock()
		return a.Run(&p)
	}
	return c
}

// TestNoReadsOfEmptyFields reads retrylint's own sources: the dynamic
// test only sees the code paths the fixture exercises. A read of
// ReadFile or Module is accepted inside an if whose condition checks
// that field against nil; the file lists have no such escape, since
// under nogo they are empty whatever the check.
func TestNoReadsOfEmptyFields(t *testing.T) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedFiles,
		Dir:  filepath.Join("..", ".."),
		Env:  envNoWork(),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, pkg := range pkgs {
		if strings.HasSuffix(pkg.PkgPath, "/internal/nogotest") {
			continue // this test sets the fields
		}
		if len(pkg.Errors) > 0 {
			t.Errorf("%s: %v", pkg.PkgPath, pkg.Errors[0])
			continue
		}
		for _, f := range pkg.Syntax {
			checked++
			for _, r := range emptyFieldReads(pkg.TypesInfo, f) {
				t.Errorf("%s: reads analysis.Pass.%s, which nogo leaves empty; %s",
					pkg.Fset.Position(r.Pos()), r.Sel.Name, advice(r.Sel.Name))
			}
		}
	}
	if checked == 0 {
		t.Fatal("no files checked")
	}
}

func advice(field string) string {
	if field == "ReadFile" || field == "Module" {
		return "check it against nil first"
	}
	return "work from pass.Files only"
}

// emptyFieldReads returns the selectors x.F, x of type *analysis.Pass or
// analysis.Pass and F a field nogo leaves empty, other than nil checks
// and reads of ReadFile or Module that follow a nil check of the same
// field in the same function:
//
//	if pass.ReadFile == nil { return nil }; src, err := pass.ReadFile(name)   accepted
//	if pass.Module != nil { use(pass.Module.Path) }                          accepted
//	use(pass.Module.Path)                                                    reported
func emptyFieldReads(info *types.Info, f *ast.File) []*ast.SelectorExpr {
	checks := map[*ast.SelectorExpr]bool{} // operands of x.F == nil, x.F != nil
	ast.Inspect(f, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.NEQ || b.Op == token.EQL) {
			for _, side := range []ast.Expr{b.X, b.Y} {
				if sel, ok := ast.Unparen(side).(*ast.SelectorExpr); ok && isPassField(info, sel) {
					checks[sel] = true
				}
			}
		}
		return true
	})
	checkedBefore := func(fn ast.Node, read *ast.SelectorExpr) bool {
		for c := range checks {
			if c.Sel.Name == read.Sel.Name && fn.Pos() <= c.Pos() && c.Pos() < read.Pos() {
				return true
			}
		}
		return false
	}
	var funcs []ast.Node // every FuncDecl and FuncLit
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			funcs = append(funcs, n)
		}
		return true
	})
	var out []*ast.SelectorExpr
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || !isPassField(info, sel) || checks[sel] {
			return true
		}
		if name := sel.Sel.Name; name == "ReadFile" || name == "Module" {
			for _, fn := range funcs {
				if fn.Pos() <= sel.Pos() && sel.End() <= fn.End() && checkedBefore(fn, sel) {
					return true
				}
			}
		}
		out = append(out, sel)
		return true
	})
	return out
}

// isPassField reports whether sel selects one of emptyUnderNogo from an
// analysis.Pass.
func isPassField(info *types.Info, sel *ast.SelectorExpr) bool {
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal || !slices.Contains(emptyUnderNogo, sel.Sel.Name) {
		return false
	}
	t := s.Recv()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "golang.org/x/tools/go/analysis" && n.Obj().Name() == "Pass"
}

func envNoWork() []string {
	return append(os.Environ(), "GOWORK=off")
}
