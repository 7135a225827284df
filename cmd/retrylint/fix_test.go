package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFix applies the suggested fixes the analyzers offer on the
// fixture (today: keyregen moves the key before the retry,
// unboundedbackoff clamps a doubled delay) to a copy of it: -diff shows
// them and changes nothing, -fix applies them, says so and reports what
// remains (exit 3), the result builds with its tests, and a second -fix
// changes nothing.
func TestFix(t *testing.T) {
	src := e2eDir(t)
	dir := t.TempDir()
	copyModule(t, src, dir)

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
	if fixes == 0 {
		t.Fatalf("no suggested fix on the fixture; the test needs one:\n%s", r.stdout)
	}

	before := snapshot(t, dir)
	d := run(t, dir, "-diff", "./...")
	if d.code != 3 || !strings.Contains(d.stdout, "--- shop/shop.go (old)") {
		t.Fatalf("-diff: exit %d, want 3 and a diff of shop/shop.go\nstdout:\n%s\nstderr:\n%s", d.code, d.stdout, d.stderr)
	}
	if got := snapshot(t, dir); !equalMaps(got, before) {
		t.Fatalf("-diff changed files")
	}

	f := run(t, dir, "-fix", "./...")
	if f.code != 3 || !strings.Contains(f.stderr, "retrylint: fixed shop/shop.go (") {
		t.Fatalf("-fix: exit %d, want 3 (findings remain) and the fixed file named\nstderr:\n%s", f.code, f.stderr)
	}
	fixed := snapshot(t, dir)
	if equalMaps(fixed, before) {
		t.Fatalf("-fix changed nothing")
	}
	// Every hunk of the diff is in the fixed file.
	for _, l := range strings.Split(d.stdout, "\n") {
		if add, ok := strings.CutPrefix(l, "+"); ok && !strings.HasPrefix(l, "+++") && !strings.Contains(fixed["shop/shop.go"], add) {
			t.Errorf("-fix did not apply the -diff line %q", add)
		}
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
