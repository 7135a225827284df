package driver

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"os"
	"slices"

	"github.com/retrylint/retrylint/internal/output"
)

// printDiff is -diff: the first suggested fix of every finding of the
// packages asked for, as a diff in git's form, nothing changed. The fixes
// come from the same JSON run as the findings (collect), not from
// `go vet -fix -diff`: go vet caches what its tool prints under one key
// whether a package was asked for or only a dependency (vetcache.go), so
// its diff lost the fixes of a package asked for after being a
// dependency, and printed a dependency's after it had been asked for.
// A side benefit: -diff shares the plain run's cache.
func printDiff(cmd *command, stdout, stderr io.Writer) int {
	tree, errs, err := collect(cmd)
	if err != nil {
		fmt.Fprintf(stderr, "retrylint: %v\n", err)
		return ExitError
	}
	files, conflicts, err := applyFirstFixes(output.Findings(tree))
	if err != nil {
		fmt.Fprintf(stderr, "retrylint: %v\n", err)
		return ExitError
	}
	cwd, _ := os.Getwd()
	if err := writeGitDiff(stdout, files, cmd.repoRoot(cwd)); err != nil {
		fmt.Fprintf(stderr, "retrylint: writing the diff: %v\n", err)
		return ExitError
	}
	if conflicts > 0 {
		fmt.Fprintf(stderr, "retrylint: %s left out: each edits what another fix edits; apply these, then run -diff again\n",
			plural(conflicts, "fix", "fixes"))
	}
	if code := errorLines(stderr, errs); code != ExitClean {
		return code
	}
	if len(files) > 0 && !cmd.exitZero {
		return ExitFindings // there is something to fix
	}
	return ExitClean
}

// A fixedFile is a file's content before and after the fixes.
type fixedFile struct{ old, new []byte }

// textEdit replaces the bytes [start, end) of a file with text.
type textEdit struct {
	start, end int
	text       string
}

// applyFirstFixes applies the first suggested fix of each finding, as
// go vet -fix does: a fix is taken whole or not at all; one that edits
// a generated file is skipped, one whose edits overlap an edit already
// taken or another of its own (other than the same edit) is skipped and
// counted as a conflict; each changed file is gofmt'd. It returns the files that
// change.
func applyFirstFixes(findings []output.Finding) (map[string]fixedFile, int, error) {
	content := map[string][]byte{}
	generated := map[string]bool{}
	taken := map[string][]textEdit{}
	conflicts := 0
next:
	for _, f := range findings {
		if len(f.SuggestedFixes) == 0 {
			continue
		}
		edits := map[string][]textEdit{}
		for _, e := range f.SuggestedFixes[0].Edits {
			src, ok := content[e.Filename]
			if !ok {
				var err error
				if src, err = os.ReadFile(e.Filename); err != nil {
					return nil, 0, err
				}
				content[e.Filename], generated[e.Filename] = src, isGenerated(e.Filename, src)
			}
			if generated[e.Filename] {
				continue next
			}
			if e.Start < 0 || e.Start > e.End || e.End > len(src) {
				return nil, 0, fmt.Errorf("%s changed while it was analyzed: a fix edits bytes %d to %d of %d; run -diff again", e.Filename, e.Start, e.End, len(src))
			}
			edits[e.Filename] = append(edits[e.Filename], textEdit{e.Start, e.End, e.New})
		}
		for file, es := range edits {
			for i, e := range es {
				if slices.ContainsFunc(taken[file], e.conflicts) || slices.ContainsFunc(es[:i], e.conflicts) {
					conflicts++
					continue next
				}
			}
		}
		for file, es := range edits {
			for _, e := range es {
				if !slices.Contains(taken[file], e) {
					taken[file] = append(taken[file], e)
				}
			}
		}
	}
	out := map[string]fixedFile{}
	for file, es := range taken {
		slices.SortFunc(es, func(a, b textEdit) int { return a.start - b.start })
		old := content[file]
		var b bytes.Buffer
		at := 0
		for _, e := range es {
			b.Write(old[at:e.start])
			b.WriteString(e.text)
			at = e.end
		}
		b.Write(old[at:])
		fixed := b.Bytes()
		if formatted, err := format.Source(fixed); err == nil {
			fixed = formatted
		}
		if !bytes.Equal(fixed, old) {
			out[file] = fixedFile{old, fixed}
		}
	}
	return out, conflicts, nil
}

// conflicts reports whether two different edits cannot both be applied:
// their ranges overlap, or they start at the same byte (which goes
// first is unknown).
func (e textEdit) conflicts(o textEdit) bool {
	return e != o && (e.start < o.end && o.start < e.end || e.start == o.start)
}

// isGenerated reports whether src is a generated Go file, whose fixes
// go vet -fix skips.
func isGenerated(name string, src []byte) bool {
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.PackageClauseOnly|parser.ParseComments)
	return err == nil && ast.IsGenerated(f)
}
