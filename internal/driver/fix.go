package driver

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/retrylint/retrylint/internal/output"
)

// applyFixes is -fix: it applies the first suggested fix of every
// finding through `go vet -fix`, then says which files changed and how
// many fixes each got, on stderr:
//
//	retrylint: fixed shop/shop.go (2 fixes)
//	retrylint: applied 2 fixes to 1 file; 9 findings have no automatic fix
//
// It returns ExitClean when the run goes on to report the findings that
// remain (exit 3 if any, as without -fix), ExitError when go vet could
// not apply the fixes.
func applyFixes(cmd *command, stdout, stderr io.Writer) int {
	// The fixes on offer, and the files they edit, before anything changes.
	var tree output.Tree
	listed, res, err := vetAsked(cmd)
	if err == nil {
		tree, err = askedTree(listed, res)
	}
	if err != nil {
		fmt.Fprintf(stderr, "retrylint: %v\n", err)
		return ExitError
	}
	findings := output.Findings(tree)
	before := map[string][]byte{}
	for _, f := range findings {
		for _, file := range fixFiles(f) {
			if _, ok := before[file]; !ok {
				before[file], _ = os.ReadFile(file)
			}
		}
	}

	if code := runFix(cmd, stdout, stderr); code != ExitClean {
		return code
	}

	changed := map[string]bool{}
	for file, old := range before {
		now, err := os.ReadFile(file)
		changed[file] = err == nil && !bytes.Equal(now, old)
	}
	perFile := map[string]int{}
	applied, unfixable := 0, 0
	for _, f := range findings {
		files := fixFiles(f)
		if len(files) == 0 {
			unfixable++
			continue
		}
		done := false
		for _, file := range files {
			if changed[file] {
				perFile[file]++
				done = true
			}
		}
		if done {
			applied++
		}
	}
	cwd, _ := os.Getwd()
	var names []string
	for file := range perFile {
		names = append(names, file)
	}
	sort.Strings(names)
	for _, file := range names {
		rel, _ := output.Rel(cwd, file, false)
		fmt.Fprintf(stderr, "retrylint: fixed %s (%s)\n", rel, plural(perFile[file], "fix", "fixes"))
	}
	did := "no fix to apply"
	if applied > 0 {
		did = fmt.Sprintf("applied %s to %s", plural(applied, "fix", "fixes"), plural(len(names), "file", "files"))
	}
	fmt.Fprintf(stderr, "retrylint: %s; %s no automatic fix\n", did, plural(unfixable, "finding has", "findings have"))
	return ExitClean
}

// fixFiles returns the files the first suggested fix of f edits, the
// one go vet -fix applies.
func fixFiles(f output.Finding) []string {
	if len(f.SuggestedFixes) == 0 {
		return nil
	}
	var files []string
	seen := map[string]bool{}
	for _, e := range f.SuggestedFixes[0].Edits {
		if !seen[e.Filename] {
			seen[e.Filename] = true
			files = append(files, e.Filename)
		}
	}
	return files
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
