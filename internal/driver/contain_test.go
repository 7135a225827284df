package driver

import (
	"go/ast"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/testenv"
	"github.com/retrylint/retrylint/registry"
)

// The test binary is a retrylint whose suite has two more analyzers when
// this variable is set: boom, which panics on example.com/chain/b as a
// bug in an analyzer would, and after, which requires boom and so fails
// with "failed prerequisites" there. Production code has no hook: boom is
// built with the same guard as every analyzer.
const asRetrylint = "RETRYLINT_DRIVER_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(asRetrylint) == "1" {
		os.Exit(Main(append(registry.Analyzers(), boom, after), registry.Inventory()))
	}
	os.Exit(m.Run())
}

var boom = &analysis.Analyzer{
	Name:     "boom",
	Doc:      "panic on example.com/chain/b",
	Requires: []*analysis.Analyzer{retryscan.Analyzer},
	Run: analysisutil.Guard(func(pass *analysis.Pass, at *analysisutil.Crumb) (any, error) {
		if pass.Pkg.Path() != "example.com/chain/b" {
			return nil, nil
		}
		for _, d := range pass.Files[0].Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				at.Func(fd)
				var m map[string]int
				//lint:ignore SA5000 the panic is what the test is about
				m[fd.Name.Name]++
			}
		}
		return nil, nil
	}),
}

var after = &analysis.Analyzer{
	Name:     "after",
	Doc:      "require boom",
	Requires: []*analysis.Analyzer{boom},
	Run:      func(*analysis.Pass) (any, error) { return nil, nil },
}

// chain is a three-package module, a imports b imports c, with findings
// in each: c retries forever, b retries three times with no jitter, and
// a retries b.Fetch, which nestedretry sees only through b's facts.
var chain = map[string]string{
	"go.mod": "module example.com/chain\n\ngo 1.26.0\n",
	"c/c.go": `package c

import "time"

func Poll(do func() error) error {
	for {
		if err := do(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}
`,
	"b/b.go": `package b

import (
	"time"

	"example.com/chain/c"
)

func Fetch(do func() error) (err error) {
	for i := 0; i < 3; i++ {
		if err = do(); err == nil {
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return err
}

func Wait(do func() error) error { return c.Poll(do) }
`,
	"a/a.go": `package a

import (
	"time"

	"example.com/chain/b"
)

func Sync(do func() error) error {
	for i := 0; i < 5; i++ {
		if err := b.Fetch(do); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}
`,
}

// runIn runs name (the test binary as retrylint, or go) in dir.
func runIn(t *testing.T, dir, name string, args ...string) testenv.Result {
	t.Helper()
	return testenv.Command(t, dir, []string{asRetrylint + "=1", "GOWORK=off", "GOFLAGS=-mod=readonly", "GOPROXY=off", analysisutil.StackEnv + "="}, name, args...)
}

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func lines(s string) []string {
	return strings.Split(strings.TrimRight(s, "\n"), "\n")
}

// wantFindings checks that each substring is in some line of stdout.
func wantFindings(t *testing.T, r testenv.Result, subs ...string) {
	t.Helper()
	for _, s := range subs {
		if !strings.Contains(r.Stdout, s) {
			t.Errorf("stdout lacks %q:\n%s", s, r.Stdout)
		}
	}
}

// TestPanicContained injects a panic into an analyzer on the middle
// package of a chain and checks that the run survives it: every other
// package's findings are printed, and b's too from the analyzers that did
// not fail; b gets one error line, whatever its analyzers' errors; a sees
// b's facts; exit 1 says the result is incomplete.
func TestPanicContained(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	dir := writeTree(t, chain)
	findings := []string{
		"a/a.go:10:2: retry loop (5 attempts) wraps b.Fetch", // nestedretry, from b's facts
		"c/c.go:6:2: retry loop has no attempt limit",        // unboundedbackoff on c
		"b/b.go:14:3: retry delay has no jitter",             // unboundedbackoff on b
	}
	errLine := "retrylint: boom: internal error analyzing example.com/chain/b at " + filepath.Join(dir, "b/b.go") + ":9:1 (in func Fetch): assignment to entry in nil map; this is a bug in retrylint, please report it at " + analysisutil.Issues

	t.Run("standalone", func(t *testing.T) {
		r := runIn(t, dir, os.Args[0], "./...")
		if r.Code != ExitError {
			t.Errorf("exit %d, want %d (incomplete result)", r.Code, ExitError)
		}
		wantFindings(t, r, findings...)
		if l := lines(r.Stderr); len(l) != 1 || !strings.HasPrefix(l[0], errLine) {
			t.Errorf("stderr should be one line starting with\n%s\ngot:\n%s", errLine, r.Stderr)
		}
	})

	t.Run("dependency", func(t *testing.T) {
		// b is analyzed for facts only; unitchecker drops errors there,
		// the guard reports it anyway.
		r := runIn(t, dir, os.Args[0], "./a")
		if r.Code != ExitError {
			t.Errorf("exit %d, want %d", r.Code, ExitError)
		}
		wantFindings(t, r, findings[0])
		if l := lines(r.Stderr); len(l) != 1 || !strings.HasPrefix(l[0], errLine) {
			t.Errorf("stderr should be one line starting with\n%s\ngot:\n%s", errLine, r.Stderr)
		}
		// Twice: go vet replays the failure from its cache.
		if again := runIn(t, dir, os.Args[0], "./a"); again.Stderr != r.Stderr || again.Code != r.Code {
			t.Errorf("second run differs: exit %d, stderr:\n%s", again.Code, again.Stderr)
		}
	})

	t.Run("go vet", func(t *testing.T) {
		r := runIn(t, dir, "go", "vet", "-vettool="+os.Args[0], "./...")
		// go vet prints one error of b's analyzers, boom's or after's
		// "failed prerequisites: boom", whichever comes first.
		if r.Code == 0 || !strings.Contains(r.Stderr, "boom") {
			t.Errorf("go vet: exit %d, want the panic as an error:\n%s", r.Code, r.Stderr)
		}
		for _, f := range findings[:2] { // and b's, unless go vet stops at its error
			if !strings.Contains(r.Stderr, f) {
				t.Errorf("go vet output lacks %q:\n%s", f, r.Stderr)
			}
		}
	})

	t.Run("stack", func(t *testing.T) {
		r := runIn(t, dir, os.Args[0], "-stack", "./...")
		first, rest, _ := strings.Cut(r.Stderr, "\n")
		if !strings.HasPrefix(first, errLine) || !strings.Contains(rest, "goroutine ") || !strings.Contains(rest, "driver.init.func") {
			t.Errorf("-stack: want the error line, then the stack:\n%s", r.Stderr)
		}
		wantFindings(t, r, findings...)
	})
}

// TestBrokenPackagesContained puts packages that cannot be loaded (a
// missing go.sum entry), do not type-check, or import one that does not,
// next to a healthy package: the healthy one is analyzed and reported,
// each other one gets one line, exit 1.
func TestBrokenPackagesContained(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	files := map[string]string{
		"go.mod":     "module example.com/broken\n\ngo 1.26.0\n\nrequire github.com/cenkalti/backoff/v4 v4.3.0\n",
		"sum/sum.go": "package sum\n\nimport \"github.com/cenkalti/backoff/v4\"\n\nvar _ = backoff.Retry\n",
		"typ/typ.go": "package typ\n\nfunc F() int { return \"x\" }\n",
		"imp/imp.go": "package imp\n\nimport \"example.com/broken/typ\"\n\nvar _ = typ.F\n",
		"ok/ok.go":   strings.Replace(chain["c/c.go"], "package c", "package ok", 1),
	}
	dir := writeTree(t, files)
	r := runIn(t, dir, os.Args[0], "./...")
	if r.Code != ExitError {
		t.Errorf("exit %d, want %d", r.Code, ExitError)
	}
	wantFindings(t, r, "ok/ok.go:6:2: retry loop has no attempt limit")
	want := []string{
		"retrylint: example.com/broken/sum: sum/sum.go:3:8: missing go.sum entry for module providing package github.com/cenkalti/backoff/v4",
		"retrylint: example.com/broken/typ: typ/typ.go:3:23: cannot use \"x\"",
		"retrylint: example.com/broken/imp: not analyzed: it imports example.com/broken/typ, which does not build",
	}
	got := lines(r.Stderr)
	if len(got) != len(want) {
		t.Fatalf("stderr has %d lines, want %d:\n%s", len(got), len(want), r.Stderr)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("stderr line %d:\n%s\nwant prefix:\n%s", i+1, got[i], want[i])
		}
	}
}
