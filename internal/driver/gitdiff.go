package driver

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/internal/output"
)

// gitDiff rewrites the unified diff of go vet -fix -diff in git's form,
// which `git apply` (and `patch -p1`) take: each file's "--- FILE (old)"
// and "+++ FILE (new)" header becomes
//
//	diff --git a/shop/shop.go b/shop/shop.go
//	--- a/shop/shop.go
//	+++ b/shop/shop.go
//
// with the path relative to root, slash-separated. root is the git top
// level, as in the diffs git itself prints, which git apply reads
// relative to the top level wherever in the repository it runs; outside
// a repository, the current directory. (A file outside root gets a path
// with "..", which patch takes and git apply refuses.) The hunks are
// copied as they are; their line counts say where each ends, so a
// removed line that starts with "-- " is not taken for a header. Input
// that does not parse is returned unchanged.
func gitDiff(diff []byte, root string) []byte {
	if len(diff) == 0 {
		return diff
	}
	lines := strings.SplitAfter(string(diff), "\n")
	var b strings.Builder
	for i := 0; i < len(lines); {
		old, ok1 := strings.CutPrefix(lines[i], "--- ")
		if !ok1 || i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "+++ ") {
			return diff
		}
		file := strings.TrimSuffix(strings.TrimSuffix(old, "\n"), " (old)")
		rel, inside := output.Rel(root, file, true)
		if r, err := filepath.Rel(root, file); !inside && err == nil {
			rel = filepath.ToSlash(r)
		}
		fmt.Fprintf(&b, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", rel, rel, rel, rel)
		i += 2
		for i < len(lines) && strings.HasPrefix(lines[i], "@@ ") {
			oldN, newN, ok := hunkCounts(lines[i])
			if !ok {
				return diff
			}
			b.WriteString(lines[i])
			i++
			for (oldN > 0 || newN > 0) && i < len(lines) {
				if lines[i] == "" {
					return diff
				}
				switch lines[i][0] {
				case '-':
					oldN--
				case '+':
					newN--
				case ' ':
					oldN--
					newN--
				default:
					return diff
				}
				b.WriteString(lines[i])
				i++
				if i < len(lines) && strings.HasPrefix(lines[i], `\ No newline`) {
					b.WriteString(lines[i])
					i++
				}
			}
		}
		if i < len(lines) && lines[i] == "" {
			break // the empty string after the last newline
		}
	}
	return []byte(b.String())
}

// hunkCounts returns the old and new line counts of a hunk header,
// "@@ -12,7 +12,8 @@" (a count left out is 1).
func hunkCounts(header string) (oldN, newN int, ok bool) {
	f := strings.Fields(header)
	if len(f) < 4 || f[0] != "@@" || f[3] != "@@" {
		return 0, 0, false
	}
	count := func(r, sign string) (int, bool) {
		r, ok := strings.CutPrefix(r, sign)
		if !ok {
			return 0, false
		}
		_, n, found := strings.Cut(r, ",")
		if !found {
			return 1, true
		}
		v, err := strconv.Atoi(n)
		return v, err == nil
	}
	oldN, ok1 := count(f[1], "-")
	newN, ok2 := count(f[2], "+")
	return oldN, newN, ok1 && ok2
}
