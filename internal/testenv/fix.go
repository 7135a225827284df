package testenv

import (
	"bytes"
	"go/format"
	"maps"
	"os"
	"slices"
	"sort"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// RunWithSuggestedFixes is Run, then applies every suggested fix of the
// diagnostics on each package to its files and compares each file a fix
// edits, gofmt'ed, with the file of the same name plus ".golden" (also
// gofmt'ed), as analysistest.RunWithSuggestedFixes does with a golden
// file that is plain Go. Two fixes that overlap (other than by the same
// edit) are an error, and so is a run with no fix at all: it would check
// nothing.
func (m *Module) RunWithSuggestedFixes(t *testing.T, a *analysis.Analyzer, patterns ...string) []*checker.Action {
	t.Helper()
	acts := m.Run(t, a, patterns...)
	fixed := 0
	defer func() {
		if fixed == 0 && !t.Failed() {
			t.Errorf("no suggested fix on %v: the test checks no fix", patterns)
		}
	}()
	for _, act := range acts {
		type edit struct {
			start, end int
			text       string
		}
		byFile := map[string][]edit{}
		for _, d := range act.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				for _, e := range fix.TextEdits {
					f := act.Package.Fset.File(e.Pos)
					end := e.End
					if !end.IsValid() {
						end = e.Pos
					}
					byFile[f.Name()] = append(byFile[f.Name()], edit{f.Offset(e.Pos), f.Offset(end), string(e.NewText)})
				}
			}
		}
		for _, file := range slices.Sorted(maps.Keys(byFile)) {
			edits := byFile[file]
			sort.SliceStable(edits, func(i, j int) bool {
				return edits[i].start < edits[j].start || edits[i].start == edits[j].start && edits[i].end < edits[j].end
			})
			edits = slices.Compact(edits)
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			at := 0
			for i, e := range edits {
				if e.start < at || i > 0 && e.start == edits[i-1].start && e.end == edits[i-1].end {
					t.Errorf("%s: suggested fixes overlap at offset %d", file, e.start)
					continue
				}
				out.Write(src[at:e.start])
				out.WriteString(e.text)
				at = e.end
			}
			out.Write(src[at:])
			got, err := format.Source(out.Bytes())
			if err != nil {
				t.Errorf("%s: the fixed file does not parse: %v\n%s", file, err, out.Bytes())
				continue
			}
			fixed++
			golden, err := os.ReadFile(file + ".golden")
			if err != nil {
				t.Errorf("%s has suggested fixes: %v", file, err)
				continue
			}
			want, err := format.Source(golden)
			if err != nil {
				t.Errorf("%s.golden does not parse: %v", file, err)
				continue
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s after the suggested fixes differs from %s.golden:\n--- fixed\n%s\n--- golden\n%s", file, file, got, want)
			}
		}
	}
	return acts
}
