package driver

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitDiff rewrites a diff as go vet -fix -diff prints it and applies
// the result with git apply: a removed line that looks like a header, a
// file without a final newline and a file in a subdirectory included.
func TestGitDiff(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	files := map[string]string{
		"a.go":     "package a\n\n-- not a header\nvar x = 1\n",
		"sub/b.go": "package b\n\nvar y = 2",
	}
	for name, src := range files {
		writeFile(t, filepath.Join(dir, name), src)
	}
	a, b := filepath.Join(dir, "a.go"), filepath.Join(dir, "sub", "b.go")
	vetDiff := "--- " + a + " (old)\n+++ " + a + " (new)\n" +
		"@@ -1,4 +1,3 @@\n package a\n \n--- not a header\n var x = 1\n" +
		"--- " + b + " (old)\n+++ " + b + " (new)\n" +
		"@@ -1,3 +1,3 @@\n package b\n \n-var y = 2\n\\ No newline at end of file\n+var y = 3\n\\ No newline at end of file\n"

	got := string(gitDiff([]byte(vetDiff), dir))
	for _, want := range []string{
		"diff --git a/a.go b/a.go\n--- a/a.go\n+++ b/a.go\n@@ -1,4 +1,3 @@\n",
		"diff --git a/sub/b.go b/sub/b.go\n--- a/sub/b.go\n+++ b/sub/b.go\n",
		"\n--- not a header\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("gitDiff lacks %q:\n%s", want, got)
		}
	}
	patch := filepath.Join(t.TempDir(), "fix.patch")
	writeFile(t, patch, got)
	cmd := exec.Command("git", "apply", "-v", patch)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s\npatch:\n%s", err, out, got)
	}
	for name, want := range map[string]string{"a.go": "package a\n\nvar x = 1\n", "sub/b.go": "package b\n\nvar y = 3"} {
		if data, _ := os.ReadFile(filepath.Join(dir, name)); string(data) != want {
			t.Errorf("%s after git apply:\n%q\nwant %q", name, data, want)
		}
	}

	// What does not parse as a diff is left alone.
	for _, in := range []string{"", "not a diff\n", "--- x (old)\n+++ x (new)\n@@ -1,2 +1,2 @@\n a\n"} {
		if got := string(gitDiff([]byte(in), dir)); got != in {
			t.Errorf("gitDiff(%q) = %q, want it unchanged", in, got)
		}
	}
}

func writeFile(t *testing.T, name, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}
