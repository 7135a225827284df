package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/registry"
)

// generators make the generated blocks of the Markdown docs from the
// registry. A block is the fenced code block after a line
// "<!-- generated: NAME -->"; TestGeneratedDocs checks each against
// generators[NAME], and -update rewrites it, with the golden files.
var generators = map[string]func() string{
	"nogo": nogoRule,
}

// nogoDeps are the Bazel labels of the packages nogo runs: one per
// analyzer of the registry, and the directives checker wired to them.
func nogoDeps() []string {
	const repo = "@com_github_retrylint_retrylint//"
	var deps []string
	for _, e := range registry.Entries() {
		deps = append(deps, repo+"analyzers/"+e.Name)
	}
	return append(deps, repo+"registry/directives")
}

// nogoRule is the nogo rule of docs/nogo.md.
func nogoRule() string {
	var b strings.Builder
	b.WriteString("load(\"@rules_go//go:def.bzl\", \"nogo\")\n\nnogo(\n    name = \"nogo\",\n    config = \"nogo_config.json\",\n    deps = [\n")
	for _, d := range nogoDeps() {
		fmt.Fprintf(&b, "        %q,\n", d)
	}
	b.WriteString("    ],\n    visibility = [\"//visibility:public\"],\n)\n")
	return b.String()
}

var generatedBlock = regexp.MustCompile("(?m)^<!-- generated: ([a-z-]+) -->\n```[a-z]*\n")

// TestGeneratedDocs checks the generated blocks of README.md and docs/
// against the registry (-update rewrites them), and that the README's
// shortened nogo rule names only packages the full one has.
func TestGeneratedDocs(t *testing.T) {
	files, _ := filepath.Glob("../../docs/*.md")
	files = append(files, "../../README.md")
	found := map[string]bool{}
	for _, file := range files {
		doc := readFile(t, file)
		var out strings.Builder
		rest := doc
		for {
			loc := generatedBlock.FindStringSubmatchIndex(rest)
			if loc == nil {
				break
			}
			name := rest[loc[2]:loc[3]]
			gen, ok := generators[name]
			if !ok {
				t.Errorf("%s: no generator for the block %q", file, name)
				break
			}
			found[name] = true
			body, after, ok := strings.Cut(rest[loc[1]:], "```\n")
			if !ok {
				t.Fatalf("%s: the block %q does not end", file, name)
			}
			want := gen()
			if body != want && !*update {
				t.Errorf("%s: the block %q differs from what the registry makes (go test ./cmd/retrylint -update rewrites it):\n--- doc\n%s--- want\n%s", file, name, body, want)
			}
			out.WriteString(rest[:loc[1]] + want + "```\n")
			rest = after
		}
		out.WriteString(rest)
		if *update && out.String() != doc {
			if err := os.WriteFile(file, []byte(out.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for name := range generators {
		if !found[name] {
			t.Errorf("no doc has the generated block %q", name)
		}
	}

	deps := nogoDeps()
	readme := readFile(t, "../../README.md")
	labels := regexp.MustCompile(`"(@com_github_retrylint_retrylint//[a-z/]+)"`).FindAllStringSubmatch(readme, -1)
	if len(labels) == 0 {
		t.Error("README.md shows no nogo deps")
	}
	for _, m := range labels {
		if !slices.Contains(deps, m[1]) {
			t.Errorf("README.md's nogo rule names %s, which is no package nogo runs (%v)", m[1], deps)
		}
	}
}
