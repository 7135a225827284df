// Package testenv prepares the module-layout testdata of retrylint's
// tests: analysistest loads those modules with GOPROXY=off, so the real
// library versions their go.mod files pin must be in the module cache
// first. Download fetches them through the ordinary Go module proxy, so
// that `go test ./...` passes on a fresh machine.
package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

var downloads sync.Map // dir -> *sync.Once

// Download runs `go mod download` once per process in the testdata
// module at dir (which holds a go.mod). It fails the test with go's own
// message when the modules cannot be fetched.
func Download(t testing.TB, dir string) {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := downloads.LoadOrStore(abs, new(onceErr))
	o := v.(*onceErr)
	o.once.Do(func() {
		cmd := exec.Command("go", "mod", "download")
		cmd.Dir = abs
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			o.msg = "go mod download in " + abs + ": " + err.Error() + "\n" + string(out)
		}
	})
	if o.msg != "" {
		t.Fatal(o.msg)
	}
}

type onceErr struct {
	once sync.Once
	msg  string
}

// Environ returns the environment for commands run against testdata
// modules.
func Environ() []string { return os.Environ() }

// Run loads the packages matching patterns in the testdata module at dir
// once, the way analysistest does (tests included, GOPROXY=off), runs all
// the given analyzers on them in one go, and returns the messages each
// analyzer reported on the root packages, "file.go:line: message", in
// order. Use it for runs whose findings are checked by hand (analyzers
// with non-default flags), where analysistest would load everything again
// for each analyzer.
func Run(t testing.TB, dir string, analyzers []*analysis.Analyzer, patterns ...string) map[*analysis.Analyzer][]string {
	t.Helper()
	Download(t, dir)
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Dir:   dir,
		Tests: true,
		Env:   append(os.Environ(), "GOPROXY=off", "GOWORK=off", "GOFLAGS=-mod=mod"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("testdata packages do not load")
	}
	graph, err := checker.Analyze(analyzers, pkgs, &checker.Options{SanityCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	out := map[*analysis.Analyzer][]string{}
	seen := map[string]bool{}
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			line := fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, d.Message)
			key := act.Analyzer.Name + "\x00" + p.String() + line
			if seen[key] { // a file in both p and p [p.test]
				continue
			}
			seen[key] = true
			out[act.Analyzer] = append(out[act.Analyzer], line)
		}
	}
	for _, msgs := range out {
		sort.Strings(msgs)
	}
	return out
}
