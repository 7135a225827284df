package main

import (
	"os"
	"strings"
	"testing"
)

// TestGolangciRecipe: the offline recipe docs/golangci.md shows is what
// scripts/golangci-e2e.sh runs in CI, line for line, so the doc cannot
// drift from what is tested.
func TestGolangciRecipe(t *testing.T) {
	script := readFile(t, "../../scripts/golangci-e2e.sh")
	const begin, end = "# ---- recipe begin (docs/golangci.md) ----\n", "# ---- recipe end ----\n"
	_, rest, ok1 := strings.Cut(script, begin)
	inScript, _, ok2 := strings.Cut(rest, end)
	if !ok1 || !ok2 {
		t.Fatalf("scripts/golangci-e2e.sh lacks the markers %q and %q", begin, end)
	}

	doc := readFile(t, "../../docs/golangci.md")
	const marker = "<!-- recipe: scripts/golangci-e2e.sh -->\n```sh\n"
	_, rest, ok1 = strings.Cut(doc, marker)
	inDoc, _, ok2 := strings.Cut(rest, "```\n")
	if !ok1 || !ok2 {
		t.Fatalf("docs/golangci.md lacks a code block after %q", marker)
	}
	if inDoc != inScript {
		t.Errorf("docs/golangci.md's recipe differs from what scripts/golangci-e2e.sh runs:\n--- doc\n%s\n--- script\n%s", inDoc, inScript)
	}
	for _, want := range []string{"replace github.com/retrylint/retrylint => $RETRYLINT", "GOFLAGS=-mod=mod go build"} {
		if !strings.Contains(inScript, want) {
			t.Errorf("the recipe lacks %q, without which it fails from a clone", want)
		}
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestGolangciConfig: the .golangci.yml that README.md and
// docs/golangci.md show is the one scripts/golangci-e2e.sh runs
// golangci-lint with, testdata/golangci/golangci.yml after its leading
// comment lines, so what a user copies is what CI tests.
func TestGolangciConfig(t *testing.T) {
	const file = "testdata/golangci/golangci.yml"
	if !strings.Contains(readFile(t, "../../scripts/golangci-e2e.sh"), "config=$root/"+file+"\n") {
		t.Fatalf("scripts/golangci-e2e.sh does not run golangci-lint with %s", file)
	}
	lines := strings.SplitAfter(readFile(t, "../../"+file), "\n")
	for len(lines) > 0 && strings.HasPrefix(lines[0], "#") {
		lines = lines[1:]
	}
	want := strings.Join(lines, "")
	for _, doc := range []string{"README.md", "docs/golangci.md"} {
		const marker = "<!-- golangci-e2e: " + file + " -->\n```yaml\n"
		_, rest, ok1 := strings.Cut(readFile(t, "../../"+doc), marker)
		got, _, ok2 := strings.Cut(rest, "```\n")
		if !ok1 || !ok2 {
			t.Errorf("%s lacks a yaml block after %q", doc, marker)
			continue
		}
		if got != want {
			t.Errorf("%s shows a .golangci.yml other than %s:\n--- %s\n%s\n--- %s\n%s", doc, file, doc, got, file, want)
		}
	}
}
