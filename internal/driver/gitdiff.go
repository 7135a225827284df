package driver

import (
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/output"
)

// writeGitDiff prints each file's change as a unified diff in git's
// form, which `git apply` (and `patch -p1`) take, files in name order:
//
//	diff --git a/shop/shop.go b/shop/shop.go
//	--- a/shop/shop.go
//	+++ b/shop/shop.go
//	@@ -64,7 +64,7 @@
//
// with the path relative to root, slash-separated. root is the git top
// level, as in the diffs git itself prints, which git apply reads
// relative to the top level wherever in the repository it runs; outside
// a repository, the current directory. (A file outside root gets a path
// with "..", which patch takes and git apply refuses.)
func writeGitDiff(w io.Writer, files map[string]fixedFile, root string) error {
	var b strings.Builder
	for _, file := range slices.Sorted(maps.Keys(files)) {
		rel, inside := output.Rel(root, file, true)
		if r, err := filepath.Rel(root, file); !inside && err == nil {
			rel = filepath.ToSlash(r)
		}
		fmt.Fprintf(&b, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n", rel, rel, rel, rel)
		writeHunks(&b, lineDiff(splitLines(string(files[file].old)), splitLines(string(files[file].new))))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// A lineOp is one line of a diff: kept (' '), removed ('-') or added
// ('+'), with its newline if it has one.
type lineOp struct {
	kind byte
	line string
}

// diffContext is the number of unchanged lines around each change.
const diffContext = 3

// writeHunks prints the ops as hunks with diffContext lines around each
// change; changes at most twice that apart share a hunk.
func writeHunks(b *strings.Builder, ops []lineOp) {
	// oldAt[i] and newAt[i]: the lines of each side before ops[i].
	oldAt, newAt := make([]int, len(ops)+1), make([]int, len(ops)+1)
	for i, op := range ops {
		oldAt[i+1], newAt[i+1] = oldAt[i], newAt[i]
		if op.kind != '+' {
			oldAt[i+1]++
		}
		if op.kind != '-' {
			newAt[i+1]++
		}
	}
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start, last := max(i-diffContext, 0), i
		for j := i; j < len(ops) && j-last <= 2*diffContext+1; j++ {
			if ops[j].kind != ' ' {
				last = j
			}
		}
		stop := min(last+diffContext+1, len(ops))
		fmt.Fprintf(b, "@@ -%s +%s @@\n", hunkRange(oldAt[start], oldAt[stop]), hunkRange(newAt[start], newAt[stop]))
		for _, op := range ops[start:stop] {
			b.WriteByte(op.kind)
			b.WriteString(op.line)
			if !strings.HasSuffix(op.line, "\n") {
				b.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = stop
	}
}

// hunkRange is one side of a hunk header for the lines [from, to)
// (0-based): "12,7", "12" for one line, "11,0" for none (the line after
// which lines are added).
func hunkRange(from, to int) string {
	switch n := to - from; n {
	case 0:
		return fmt.Sprintf("%d,0", from)
	case 1:
		return fmt.Sprint(from + 1)
	default:
		return fmt.Sprintf("%d,%d", from+1, n)
	}
}

// splitLines splits s after each newline; the last line may have none.
func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// maxEditDistance bounds the search for a shortest diff: a change of
// more lines (a file gofmt rewrote as a whole) is shown as its unchanged
// lines at either end and everything between them removed and added.
const maxEditDistance = 1000

// lineDiff returns the ops that turn a into b: the lines common to both
// ends kept, and between them a shortest edit script (Myers, "An O(ND)
// difference algorithm", 1986) when it has at most maxEditDistance
// removed and added lines.
func lineDiff(a, b []string) []lineOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []lineOp
	for _, l := range a[:pre] {
		ops = append(ops, lineOp{' ', l})
	}
	ops = append(ops, middleDiff(a[pre:len(a)-suf], b[pre:len(b)-suf])...)
	for _, l := range a[len(a)-suf:] {
		ops = append(ops, lineOp{' ', l})
	}
	return ops
}

// middleDiff is Myers's greedy search for the furthest-reaching path on
// each diagonal k = x-y, then a walk back along the paths it recorded.
func middleDiff(a, b []string) []lineOp {
	n, m := len(a), len(b)
	// trace[d] holds, for k in [-d, d] at index k+d, the furthest x on
	// diagonal k after d-1 edits.
	var trace [][]int
	v := map[int]int{1: 0}
	for d := 0; d <= min(n+m, maxEditDistance); d++ {
		row := make([]int, 2*d+1)
		for k := -d; k <= d; k++ {
			row[k+d] = v[k]
		}
		trace = append(trace, row)
		for k := -d; k <= d; k += 2 {
			x := v[k-1] + 1 // a removal from diagonal k-1
			if k == -d || k != d && v[k-1] < v[k+1] {
				x = v[k+1] // an addition from diagonal k+1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[k] = x
			if x >= n && y >= m {
				return walkBack(trace, a, b)
			}
		}
	}
	ops := make([]lineOp, 0, n+m)
	for _, l := range a {
		ops = append(ops, lineOp{'-', l})
	}
	for _, l := range b {
		ops = append(ops, lineOp{'+', l})
	}
	return ops
}

// walkBack turns the furthest points of each step into ops, from the
// end of both sides back to their start.
func walkBack(trace [][]int, a, b []string) []lineOp {
	var ops []lineOp
	x, y := len(a), len(b)
	for d := len(trace) - 1; d > 0; d-- {
		row, k := trace[d], x-y
		prevK := k - 1
		if k == -d || k != d && row[k-1+d] < row[k+1+d] {
			prevK = k + 1
		}
		prevX := row[prevK+d]
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
			ops = append(ops, lineOp{' ', a[x]})
		}
		if x == prevX {
			y--
			ops = append(ops, lineOp{'+', b[y]})
		} else {
			x--
			ops = append(ops, lineOp{'-', a[x]})
		}
	}
	for x > 0 {
		x, y = x-1, y-1
		ops = append(ops, lineOp{' ', a[x]})
	}
	slices.Reverse(ops)
	return ops
}
