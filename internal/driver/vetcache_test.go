package driver

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/output"
)

// TestCachedRoles runs the command on a package, then on one that
// imports it or one it imports, in one build cache: go vet caches a
// package's result under the same key whether the package was asked for
// or analyzed for its facts only, so the second run replays the first's.
// Asked for after being a dependency, b must still be reported; a
// dependency after being asked for, it must not be. Each module is a new
// directory, so its packages are analyzed afresh the first time.
func TestCachedRoles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	files := map[string]string{
		"go.mod": "module example.com/roles\n\ngo 1.26.0\n",
		"b/b.go": strings.Replace(chain["c/c.go"], "package c", "package b", 1),
		// An external test: b is checked as "b" and "b_test [b.test]".
		"b/b_test.go": "package b_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/roles/b\"\n)\n\nfunc TestPoll(t *testing.T) { _ = b.Poll }\n",
		"a/a.go":      "package a\n\nimport \"example.com/roles/b\"\n\nfunc Wait(do func() error) error { return b.Poll(do) }\n",
	}
	const finding = "b/b.go:6:2: retry loop has no attempt limit"

	t.Run("asked for after a dependency", func(t *testing.T) {
		dir := writeTree(t, files)
		if r := runIn(t, dir, os.Args[0], "./a"); r.Code != ExitClean || strings.Contains(r.Stdout, finding) {
			t.Errorf("./a: exit %d, want %d and no finding of b:\n%s%s", r.Code, ExitClean, r.Stdout, r.Stderr)
		}
		r := runIn(t, dir, os.Args[0], "./b")
		if r.Code != ExitFindings {
			t.Errorf("./b after ./a: exit %d, want %d:\n%s", r.Code, ExitFindings, r.Stderr)
		}
		wantFindings(t, r, finding)
	})

	t.Run("a dependency after asked for", func(t *testing.T) {
		dir := writeTree(t, files)
		r := runIn(t, dir, os.Args[0], "./b")
		wantFindings(t, r, finding)
		for _, format := range []string{"-format=text", "-json"} {
			r := runIn(t, dir, os.Args[0], format, "./a")
			if r.Code != ExitClean || strings.Contains(r.Stdout, "b.go") {
				t.Errorf("%s ./a after ./b: exit %d, want %d and nothing of b:\n%s%s", format, r.Code, ExitClean, r.Stdout, r.Stderr)
			}
		}
	})

	t.Run("asked for with its tests and imported", func(t *testing.T) {
		// b is checked with its test file, as "b", and built without it
		// for a, as "b (plain)": the JSON tree names b once, as go vet does.
		withTests := maps.Clone(files)
		withTests["b/b_internal_test.go"] = "package b\n\nimport \"testing\"\n\nfunc TestInternal(t *testing.T) { _ = Poll }\n"
		dir := writeTree(t, withTests)
		r := runIn(t, dir, os.Args[0], "-json", "./...")
		var tree output.Tree
		if err := json.Unmarshal([]byte(r.Stdout), &tree); err != nil {
			t.Fatalf("-json: %v\n%s", err, r.Stdout)
		}
		got := slices.Sorted(maps.Keys(tree))
		if r.Code != ExitFindings || !slices.Equal(got, []string{"example.com/roles/b"}) || len(tree[got[0]]["unboundedbackoff"].Diagnostics) != 2 {
			t.Errorf("-json ./...: exit %d, want %d and b's two findings once:\n%s%s", r.Code, ExitFindings, r.Stdout, r.Stderr)
		}
	})
}

// TestCachedDiffRoles: -diff, like the findings, shows the fixes of the
// packages asked for, whatever an earlier run cached: b's fix is not in
// the diff of a run on a, which imports b, and is in a run on b after
// one on a. b has no test files, so its plain build is what go vet
// checks both when asked for and as a's dependency.
func TestCachedDiffRoles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go vet")
	}
	// unboundedbackoff clamps each doubled delay: one fix per package.
	poll := "func Poll(ctx context.Context, do func() error) error {\n" +
		"\td := 100 * time.Millisecond\n\tfor {\n\t\tif err := do(); err == nil {\n\t\t\treturn nil\n\t\t}\n" +
		"\t\tselect {\n\t\tcase <-ctx.Done():\n\t\t\treturn ctx.Err()\n\t\tcase <-time.After(rand.N(d)):\n\t\t}\n" +
		"\t\td *= 2\n\t}\n}\n"
	files := map[string]string{
		"go.mod": "module example.com/diffroles\n\ngo 1.26.0\n",
		"b/b.go": "package b\n\nimport (\n\t\"context\"\n\t\"math/rand/v2\"\n\t\"time\"\n)\n\n" + poll,
		"a/a.go": "package a\n\nimport (\n\t\"context\"\n\t\"math/rand/v2\"\n\t\"time\"\n\n\t\"example.com/diffroles/b\"\n)\n\nvar _ = b.Poll\n\n" + poll,
	}
	diff := func(t *testing.T, dir, pkg string, want, not string) {
		t.Helper()
		r := runIn(t, dir, os.Args[0], "-diff", "./"+pkg)
		if r.Code != ExitFindings || !strings.Contains(r.Stdout, "diff --git a/"+want+" b/"+want+"\n") ||
			!strings.Contains(r.Stdout, "+\t\td = min(d*2, ") || strings.Contains(r.Stdout, not) {
			t.Errorf("-diff ./%s: exit %d, want %d, the fix of %s and nothing of %s:\n%s%s", pkg, r.Code, ExitFindings, want, not, r.Stdout, r.Stderr)
		}
	}
	t.Run("asked for after a dependency", func(t *testing.T) {
		dir := writeTree(t, files)
		diff(t, dir, "a", "a/a.go", "b/b.go")
		diff(t, dir, "b", "b/b.go", "a/a.go")
	})
	t.Run("a dependency after asked for", func(t *testing.T) {
		dir := writeTree(t, files)
		diff(t, dir, "b", "b/b.go", "a/a.go")
		diff(t, dir, "a", "a/a.go", "b/b.go")
	})
}

// TestVetted: the units go vet checks for the packages go list -test
// lists, named as the tool prints them under -report-deps: the test
// variant of a package with test files ("p", as go vet names it) instead
// of the package built without them ("p (plain)").
func TestVetted(t *testing.T) {
	listed := []listedPackage{
		{ImportPath: "x/plain"},
		{ImportPath: "x/internal"}, // has internal tests
		{ImportPath: "x/external"}, // has external tests only
		{ImportPath: "x/internal.test"},
		{ImportPath: "x/internal [x/internal.test]", ForTest: "x/internal"},
		{ImportPath: "x/external.test"},
		{ImportPath: "x/external_test [x/external.test]", ForTest: "x/external"},
	}
	ids := vetted(listed)
	got := slices.Sorted(maps.Keys(ids))
	want := []string{"x/external (plain)", "x/external_test", "x/internal", "x/plain (plain)"}
	if !slices.Equal(got, want) {
		t.Errorf("vetted:\n got %q\nwant %q", got, want)
	}

	diags := func(msg string) *output.Result {
		return &output.Result{Diagnostics: []output.Diagnostic{{Message: msg}}}
	}
	tree := output.Tree{
		"x/plain (plain)":    {"unboundedbackoff": diags("asked for")},
		"x/internal":         {"unboundedbackoff": diags("asked for, with its tests")},
		"x/internal (plain)": {"unboundedbackoff": diags("imported by another"), "boom": {Err: "internal error"}},
		"x/dep (plain)":      {"unboundedbackoff": diags("a dependency's"), "boom": {Err: "internal error"}},
		"x/other (plain)":    {"unboundedbackoff": diags("a dependency's")},
		"x/external_test":    {"nestedretry": diags("external tests")},
	}
	kept := keepVetted(tree, ids)
	if got, want := slices.Sorted(maps.Keys(kept)), []string{"x/dep", "x/external_test", "x/internal", "x/internal (plain)", "x/plain"}; !slices.Equal(got, want) {
		t.Fatalf("units kept: %q, want %q", got, want)
	}
	for id, want := range map[string]string{"x/plain": "asked for", "x/internal": "asked for, with its tests", "x/external_test": "external tests"} {
		for _, res := range kept[id] {
			if len(res.Diagnostics) != 1 || res.Diagnostics[0].Message != want {
				t.Errorf("%s: %v, want the finding %q", id, res.Diagnostics, want)
			}
		}
	}
	for _, id := range []string{"x/dep", "x/internal (plain)"} {
		if m := kept[id]; len(m) != 1 || m["boom"] == nil {
			t.Errorf("%s: a dependency keeps its error only, got %v", id, m)
		}
	}
}

// TestAsAskedFor: with -report-deps, the config of a package built
// without its tests is rewritten as asked for and named "p (plain)", its
// other fields as go vet wrote them; without the flag, without -json or
// with -fix, and for a unit of a test build, the arguments are left
// alone.
func TestAsAskedFor(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, cfg map[string]any) string {
		data, _ := json.Marshal(cfg)
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	dep := write("dep.cfg", map[string]any{"ID": "x/dep", "VetxOnly": true, "GoFiles": []string{"/x/dep/dep.go"},
		"ImportMap": map[string]string{"fmt": "fmt"}, "VetxOutput": "/w/b002/vet.out", "Future": []int{1}})
	asked := write("asked.cfg", map[string]any{"ID": "x/a", "VetxOnly": false, "GoFiles": []string{"/x/a/a.go"}})
	withTests := write("tests.cfg", map[string]any{"ID": "x/a", "GoFiles": []string{"/x/a/a.go", "/x/a/a_test.go"}})
	rebuilt := write("rebuilt.cfg", map[string]any{"ID": "x/q", "VetxOnly": true, "GoFiles": []string{"/x/q/q.go"},
		"ImportMap": map[string]string{"x/a": "x/a [x/a.test]"}})

	for _, c := range []struct{ cfg, id string }{{dep, "x/dep (plain)"}, {asked, "x/a (plain)"}} {
		args, err := asAskedFor([]string{"retrylint", "-json", "-report-deps", "-unboundedbackoff.jitter=false", c.cfg})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(args); n != 5 || args[n-1] == c.cfg || !strings.HasSuffix(args[n-1], ".cfg") {
			t.Fatalf("the config is not replaced: %q", args)
		}
		data, err := os.ReadFile(args[len(args)-1])
		if err != nil {
			t.Fatal(err)
		}
		var cfg map[string]any
		if err := json.Unmarshal(data, &cfg); err != nil {
			t.Fatal(err)
		}
		if cfg["VetxOnly"] != false || cfg["ID"] != c.id || cfg["GoFiles"] == nil {
			t.Errorf("rewritten config: %v", cfg)
		}
		if c.cfg == dep && (cfg["VetxOutput"] != "/w/b002/vet.out" || cfg["Future"] == nil) {
			t.Errorf("rewritten config lost fields: %v", cfg)
		}
	}

	for _, args := range [][]string{
		{"retrylint", "-json", dep},                              // no -report-deps
		{"retrylint", "-json", "-report-deps=false", dep},        // turned off
		{"retrylint", "-report-deps", dep},                       // not go vet's -json run
		{"retrylint", "-fix", "-json", "-report-deps=true", dep}, // a dependency's fixes are never applied
		{"retrylint", "-json", "--report-deps", withTests},       // a package with its tests
		{"retrylint", "-json", "-report-deps", rebuilt},          // rebuilt for another's tests
		{"retrylint", "-json", "-report-deps", "-flags"},         // no config
	} {
		got, err := asAskedFor(args)
		if err != nil || !slices.Equal(got, args) {
			t.Errorf("asAskedFor(%q) = %q, %v; want the arguments unchanged", args, got, err)
		}
	}

	if _, err := asAskedFor([]string{"retrylint", "-json", "-report-deps", filepath.Join(dir, "missing.cfg")}); err == nil {
		t.Error("a config that cannot be read: no error")
	}
}
