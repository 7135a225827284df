package driver

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitDiff writes the diff of files changed in several ways and
// applies it with git apply, which must give the new contents: a change
// at either end, changes far apart (two hunks) and close (one), a file
// without a final newline, a removed line that looks like a header, a
// file in a subdirectory, and random edits of a longer file.
func TestGitDiff(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	numbered := func(n int) []string {
		var lines []string
		for i := range n {
			lines = append(lines, fmt.Sprintf("line %d\n", i))
		}
		return lines
	}
	long := numbered(40)
	farApart := append(append(append([]string{}, long[:5]...), "new 5\n"), long[6:30]...)
	farApart = append(append(farApart, "new 30\n"), long[31:]...)
	closeBy := append(append(append([]string{}, long[:10]...), "new 10\n"), long[11:17]...)
	closeBy = append(append(closeBy, "new 17\n"), long[18:]...)
	rng := rand.New(rand.NewPCG(1, 2))
	random := numbered(300)
	for range 40 {
		switch i := rng.IntN(len(random)); rng.IntN(3) {
		case 0:
			random = append(random[:i], random[i+1:]...)
		case 1:
			random[i] = fmt.Sprintf("changed %d\n", rng.IntN(5))
		case 2:
			random = append(random[:i], append([]string{"added\n"}, random[i:]...)...)
		}
	}
	cases := []struct {
		name, old, new string
		hunks          int // -1: any
	}{
		{"a.go", "package a\n\n-- not a header\nvar x = 1\n", "package a\n\nvar x = 1\n", 1},
		{"sub/b.go", "package b\n\nvar y = 2", "package b\n\nvar y = 3", 1},
		{"first.txt", "a\nb\n", "z\na\nb\n", 1},
		{"last.txt", "a\nb\n", "a\nb\nc\n", 1},
		{"emptied.txt", "a\nb\n", "", 1},
		{"far.txt", strings.Join(long, ""), strings.Join(farApart, ""), 2},
		{"close.txt", strings.Join(long, ""), strings.Join(closeBy, ""), 1},
		{"random.txt", strings.Join(numbered(300), ""), strings.Join(random, ""), -1},
	}
	dir := t.TempDir()
	files := map[string]fixedFile{}
	for _, c := range cases {
		writeFile(t, filepath.Join(dir, c.name), c.old)
		files[filepath.Join(dir, c.name)] = fixedFile{[]byte(c.old), []byte(c.new)}
	}
	var b strings.Builder
	if err := writeGitDiff(&b, files, dir); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, c := range cases {
		header := fmt.Sprintf("diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", c.name, c.name, c.name, c.name)
		_, rest, ok := strings.Cut(got, header)
		if !ok {
			t.Errorf("no diff of %s:\n%s", c.name, got)
			continue
		}
		rest, _, _ = strings.Cut(rest, "diff --git ")
		if n := strings.Count("\n"+rest, "\n@@ "); c.hunks >= 0 && n != c.hunks {
			t.Errorf("%s: %d hunks, want %d:\n%s", c.name, n, c.hunks, rest)
		}
	}
	if !strings.Contains(got, "\n--- not a header\n") || !strings.Contains(got, "-var y = 2\n\\ No newline at end of file\n+var y = 3\n\\ No newline at end of file\n") {
		t.Errorf("a removed header-like line or a missing final newline is not shown as git shows it:\n%s", got)
	}
	patch := filepath.Join(t.TempDir(), "fix.patch")
	writeFile(t, patch, got)
	cmd := exec.Command("git", "apply", "-v", patch)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s\npatch:\n%s", err, out, got)
	}
	for _, c := range cases {
		if data, _ := os.ReadFile(filepath.Join(dir, c.name)); string(data) != c.new {
			t.Errorf("%s after git apply:\n%q\nwant %q", c.name, data, c.new)
		}
	}
}

// TestLineDiff: the script is a shortest one, and one past
// maxEditDistance replaces the lines between the common ends.
func TestLineDiff(t *testing.T) {
	count := func(ops []lineOp) (removed, added int) {
		for _, op := range ops {
			switch op.kind {
			case '-':
				removed++
			case '+':
				added++
			}
		}
		return removed, added
	}
	a := splitLines("a\nb\nc\na\nb\nb\na\n")
	b := splitLines("c\nb\na\nb\na\nc\n")
	if r, ad := count(lineDiff(a, b)); r+ad != 5 { // Myers's example: distance 5
		t.Errorf("abcabba to cbabac: %d removed, %d added, want 5 edits", r, ad)
	}
	var many, other []string
	for i := range maxEditDistance {
		many = append(many, fmt.Sprintf("x%d\n", i))
		other = append(other, fmt.Sprintf("y%d\n", i))
	}
	ops := lineDiff(append(append([]string{"same\n"}, many...), "end\n"), append(append([]string{"same\n"}, other...), "end\n"))
	if r, ad := count(ops); r != maxEditDistance || ad != maxEditDistance || ops[0] != (lineOp{' ', "same\n"}) || ops[len(ops)-1] != (lineOp{' ', "end\n"}) {
		t.Errorf("a change past the bound: %d removed, %d added, ends %q %q", r, ad, ops[0], ops[len(ops)-1])
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
