package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixFixture is a module on a few standard packages with one fix of
// each analyzer that offers fixes (keyregen moves a key before the retry,
// unboundedbackoff clamps a doubled delay), findings without a fix, and
// a package with nothing to find. Every new set of flags makes go vet
// analyze every dependency again; here that is a part of std.
const fixFixture = "testdata/fix"

// TestFix applies the suggested fixes to a copy of the fixture: -diff
// shows them in git's form and changes nothing, git apply of that diff
// makes the same files as -fix, -fix says what it changed and reports
// what remains (exit 3), the result builds with its tests, and a second
// -fix changes nothing.
func TestFix(t *testing.T) {
	dir := t.TempDir()
	copyModule(t, fixFixture, dir)

	// The fixes the analyzers offer, from the JSON tree.
	r := run(t, dir, "-json", "./...")
	var tree map[string]map[string][]struct {
		SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &tree); err != nil {
		t.Fatal(err)
	}
	fixes := 0
	for id, m := range tree {
		if strings.Contains(id, " [") {
			continue // a test variant repeats its package's fixes
		}
		for _, diags := range m {
			for _, d := range diags {
				fixes += min(len(d.SuggestedFixes), 1)
			}
		}
	}
	if fixes != 2 {
		t.Fatalf("%d suggested fixes on the fixture, want 2 (keyregen's, unboundedbackoff's):\n%s", fixes, r.stdout)
	}

	before := snapshot(t, dir)
	d := run(t, dir, "-diff", "./...")
	if d.code != 3 || !strings.Contains(d.stdout, "diff --git a/pay/pay.go b/pay/pay.go\n--- a/pay/pay.go\n+++ b/pay/pay.go\n@@ ") {
		t.Fatalf("-diff: exit %d, want 3 and a git diff of pay/pay.go\nstdout:\n%s\nstderr:\n%s", d.code, d.stdout, d.stderr)
	}
	if got := snapshot(t, dir); !equalMaps(got, before) {
		t.Fatalf("-diff changed files")
	}
	// git apply takes the diff, in the directory retrylint ran in.
	applied := t.TempDir()
	copyModule(t, fixFixture, applied)
	patch := filepath.Join(t.TempDir(), "fixes.patch")
	if err := os.WriteFile(patch, []byte(d.stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runCmd(t, applied, "git", "apply", patch); r.code != 0 {
		t.Fatalf("git apply of the -diff output: exit %d\n%s%s\npatch:\n%s", r.code, r.stdout, r.stderr, d.stdout)
	}

	f := run(t, dir, "-fix", "./...")
	if f.code != 3 || !strings.Contains(f.stderr, "retrylint: fixed pay/pay.go (2 fixes)\nretrylint: applied 2 fixes to 1 file; ") {
		t.Fatalf("-fix: exit %d, want 3 (findings remain) and the fixed file named\nstderr:\n%s", f.code, f.stderr)
	}
	fixed := snapshot(t, dir)
	if equalMaps(fixed, before) {
		t.Fatalf("-fix changed nothing")
	}
	if got := snapshot(t, applied); !equalMaps(got, fixed) {
		t.Errorf("git apply of -diff and -fix disagree on pay/pay.go:\n--- git apply\n%s\n--- -fix\n%s", got["pay/pay.go"], fixed["pay/pay.go"])
	}
	if r := runCmd(t, dir, "go", "test", "-count=1", "-run=^$", "./..."); r.code != 0 {
		t.Fatalf("the fixed module does not build:\n%s%s", r.stdout, r.stderr)
	}

	// What -fix printed as remaining is what a plain run finds now.
	if after := run(t, dir, "./..."); after.code != 3 || after.stdout != f.stdout {
		t.Errorf("-fix reported as remaining:\n%s\nbut a run after it finds (exit %d):\n%s", f.stdout, after.code, after.stdout)
	}
	if f := run(t, dir, "-fix", "./..."); f.code != 3 || !strings.Contains(f.stderr, "retrylint: no fix to apply;") {
		t.Fatalf("second -fix: exit %d, want 3 and no fix applied\n%s", f.code, f.stderr)
	}
	if again := snapshot(t, dir); !equalMaps(again, fixed) {
		t.Errorf("a second -fix changed files again")
	}
	if d := run(t, dir, "-diff", "./..."); d.code != 0 || d.stdout != "" {
		t.Errorf("-diff after -fix: exit %d, want 0 and no diff:\n%s", d.code, d.stdout)
	}
}

func copyModule(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if e.IsDir() {
			if e.Name() == "golden" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// snapshot maps each .go file of dir (slash path) to its content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasSuffix(path, ".go") {
			data, _ := os.ReadFile(path)
			rel, _ := filepath.Rel(dir, path)
			m[filepath.ToSlash(rel)] = string(data)
		}
		return nil
	})
	return m
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
