package fuzz

import (
	"errors"
	"go/ast"
	"go/token"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/testenv"
)

type badFact struct{ C chan int } // gob cannot encode a channel

func (*badFact) AFact() {}

// TestDriverCatches checks that the fuzz driver reports what it promises
// to: analyzer errors, diagnostics at invalid positions or on several
// lines, facts about another package's objects or that do not encode,
// and diagnostics that change from one run to the next.
func TestDriverCatches(t *testing.T) {
	testenv.Download(t, "testdata/mod")
	runs := 0
	bad := &analysis.Analyzer{
		Name:      "bad",
		Doc:       "misbehaves on purpose",
		FactTypes: []analysis.Fact{new(badFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Path() != "fuzz.test/p" {
				return nil, nil // behave on the world's packages
			}
			runs++
			pass.Report(analysis.Diagnostic{Pos: token.NoPos, Message: "at no position"})
			pass.Reportf(pass.Files[0].Package, "two\nlines")
			pass.Reportf(pass.Files[0].Package, "run %d", runs)
			pass.ExportObjectFact(pass.Pkg.Imports()[0].Scope().Lookup("New"), new(badFact))
			for _, d := range pass.Files[0].Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					pass.ExportObjectFact(pass.TypesInfo.Defs[fd.Name], &badFact{C: make(chan int)})
				}
			}
			return nil, errors.New("failed on purpose")
		},
		ResultType: reflect.TypeFor[int](),
	}
	w, err := Load("testdata/mod", []*analysis.Analyzer{bad}, "errors")
	if err != nil {
		t.Fatal(err)
	}
	rs := w.Check(Split([]byte("package p\n\nimport \"errors\"\n\nfunc F() error { return errors.New(\"x\") }\n")))
	if len(rs) != 1 {
		t.Fatalf("got %d results, want 1", len(rs))
	}
	r := rs[0]
	all := strings.Join(append(append(append([]string{}, r.Errors...), r.Invalid...), r.Unstable...), "\n")
	for _, want := range []string{
		"failed on purpose",
		"at invalid position",
		"is empty or not one line",
		"on an object of another package",
		"does not gob-encode",
		"run 1",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("driver did not report %q; it reported:\n%s", want, all)
		}
	}
	if len(r.Unstable) == 0 {
		t.Errorf("driver missed diagnostics that differ between two runs")
	}
}
