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
