package registry_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/retrylint/retrylint/analyzers/directives"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/report"
	"github.com/retrylint/retrylint/internal/testenv"
	"github.com/retrylint/retrylint/registry"
)

// TestDefault runs the directives checker as the binary ships it, against
// the default analyzers: it knows their names, exactly the registry's
// entries, and finds stale ignores.
func TestDefault(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	testenv.Download(t, dir)
	var entries []string
	for _, e := range registry.Entries() {
		entries = append(entries, e.Name)
	}
	slices.Sort(entries)
	want := "known analyzers: " + strings.Join(entries, ", ")
	found := false
	for _, r := range analysistest.Run(t, dir, registry.Directives(), "./dflt") {
		for _, d := range r.Diagnostics {
			if _, list, ok := strings.Cut(d.Message, "; known analyzers: "); ok {
				found = true
				if got := "known analyzers: " + list; got != want {
					t.Errorf("the directives checker says %q, want %q", got, want)
				}
			}
		}
	}
	if !found {
		t.Error("no diagnostic lists the known analyzers")
	}
}

func TestValidate(t *testing.T) {
	if err := analysis.Validate(append(registry.Analyzers(), registry.Inventory())); err != nil {
		t.Fatal(err)
	}
	as, err := registry.Build(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := analysis.Validate(as); err != nil {
		t.Fatal(err)
	}
}

// TestEveryAnalyzerListed fails when a package under analyzers/ is
// neither an entry nor one of the three packages every run has anyway (the
// recognizer, the directives checker and the inventory of retrylint
// report), and when an entry's name is not its package's.
func TestEveryAnalyzerListed(t *testing.T) {
	dirs, err := os.ReadDir("../analyzers")
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, e := range registry.Entries() {
		listed = append(listed, e.Name)
		if e.Default.Name != e.Name || e.New().Name != e.Name {
			t.Errorf("entry %s: Default is %s, New makes %s", e.Name, e.Default.Name, e.New().Name)
		}
		if e.New() == e.Default {
			t.Errorf("entry %s: New returns the shared Default", e.Name)
		}
		// One policy for test files (DESIGN.md): every analyzer has
		// -tests, read by internal/report.
		if f := e.Default.Flags.Lookup(report.TestsFlag); f == nil || f.DefValue != "false" {
			t.Errorf("entry %s has no -%s flag defaulting to false: call report.BindTests in NewAnalyzer", e.Name, report.TestsFlag)
		}
	}
	n := 0
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "retryscan" || d.Name() == directives.Name || d.Name() == registry.Inventory().Name {
			continue
		}
		n++
		if !slices.Contains(listed, d.Name()) {
			t.Errorf("analyzers/%s is not in the registry: add one line to entries in registry.go", d.Name())
		}
	}
	if n != len(listed) {
		t.Errorf("%d analyzer packages, %d registry entries %v", n, len(listed), listed)
	}
}

func TestBuild(t *testing.T) {
	as, err := registry.Build([]string{"keyregen"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if a.Name == "keyregen" {
			t.Error("disabled keyregen was built")
		}
		if slices.Contains(registry.Analyzers(), a) {
			t.Errorf("Build returned the shared %s", a.Name)
		}
	}
	if _, err := registry.Build([]string{"keyregn"}, nil); err == nil || !strings.Contains(err.Error(), `unknown analyzer "keyregn"`) {
		t.Errorf("Build(keyregn): err = %v", err)
	}
}

// TestSharedFlags: a flag name several analyzers define is one setting
// the drivers offer once (-keyheaders sets -keyregen.keyheaders and
// -nonidempotent.keyheaders), so the copies must mean the same: the
// same usage and value type. Its name must not be an analyzer's, and
// the idempotency-key list must be one of them.
func TestSharedFlags(t *testing.T) {
	shared := analysisutil.SharedFlags(registry.Analyzers())
	var names []string
	for _, s := range shared {
		names = append(names, s.Name)
		for i, f := range s.Flags {
			if f.Usage != s.Usage || reflect.TypeOf(f.Value) != reflect.TypeOf(s.Flags[0].Value) {
				t.Errorf("-%s.%s (%T, %q) differs from -%s.%s (%T, %q)", s.Analyzers[i], s.Name, f.Value, f.Usage,
					s.Analyzers[0], s.Name, s.Flags[0].Value, s.Usage)
			}
		}
		if slices.Contains(registry.Names(), s.Name) {
			t.Errorf("shared flag -%s has an analyzer's name", s.Name)
		}
	}
	for _, want := range []string{catalog.KeyHeadersFlag, "tests"} {
		if !slices.Contains(names, want) {
			t.Errorf("-%s is not shared (shared: %v)", want, names)
		}
	}
	for _, s := range shared {
		if s.Name == catalog.KeyHeadersFlag && !slices.Equal(s.Analyzers, []string{"keyregen", "nonidempotent"}) {
			t.Errorf("-keyheaders is read by %v, want keyregen and nonidempotent", s.Analyzers)
		}
	}
}

// Layers, top to bottom; a package may import packages of its own layer
// or below, except that no analyzer imports another.
const (
	driverLayer = iota
	registryLayer
	analyzerLayer
	recognizerLayer
	groundLayer
)

func layer(rel string) int {
	switch {
	case rel == "registry":
		return registryLayer
	case rel == "analyzers/retryscan":
		return recognizerLayer
	case strings.HasPrefix(rel, "analyzers/"):
		return analyzerLayer
	case strings.HasPrefix(rel, "internal/") && !isTool(rel):
		return groundLayer
	}
	return driverLayer // cmd, gclplugin, registry/directives, tools
}

// isTool reports whether an internal package is a driver or developer
// tool rather than ground the analyzers stand on.
func isTool(rel string) bool {
	for _, p := range []string{"internal/driver", "internal/fuzz", "internal/nogotest"} {
		if rel == p || strings.HasPrefix(rel, p+"/") {
			return true
		}
	}
	return false
}

// TestLayers checks the import graph of the module's packages (test files
// excluded) against the layers.
func TestLayers(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "../...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const mod = "github.com/retrylint/retrylint/"
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		from, ok := strings.CutPrefix(f[0], mod)
		if !ok {
			continue
		}
		checked++
		for _, imp := range f[1:] {
			to, ok := strings.CutPrefix(imp, mod)
			if !ok {
				continue
			}
			lf, lt := layer(from), layer(to)
			switch {
			case lt < lf:
				t.Errorf("%s imports %s, a layer above it", from, to)
			case lf == analyzerLayer && lt == analyzerLayer:
				t.Errorf("analyzer %s imports analyzer %s", from, to)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("go list gave %d packages of the module; the test checks nothing", checked)
	}
}
