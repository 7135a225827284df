package output

import (
	"path/filepath"
	"sort"
	"strings"
)

// A Finding is one diagnostic of one analyzer, with its position parsed.
type Finding struct {
	Analyzer string
	Diagnostic
	Pos, EndPos Position
}

// RuleID is the finding's rule in SARIF and its title in GitHub
// annotations: the analyzer name, and its category when it has one
// ("nestedretry/depth").
func (f Finding) RuleID() string {
	return RuleID(f.Analyzer, f.Category)
}

// RuleID joins an analyzer name and a diagnostic category.
func RuleID(analyzer, category string) string {
	if category == "" {
		return analyzer
	}
	return analyzer + "/" + category
}

// Findings flattens the tree into findings sorted by file, line, column,
// analyzer and message. A finding in a non-test file is reported for the
// package and again for its test variant; the duplicates are dropped.
func Findings(tree Tree) []Finding {
	type key struct{ analyzer, posn, end, msg string }
	seen := map[key]bool{}
	var out []Finding
	// Sorted IDs: "p" comes before "p [p.test]", so the copy kept does
	// not depend on map order.
	for _, id := range sortedKeys(tree) {
		m := tree[id]
		for _, name := range sortedKeys(m) {
			for _, d := range m[name].Diagnostics {
				k := key{name, d.Posn, d.End, d.Message}
				if seen[k] {
					continue
				}
				seen[k] = true
				out = append(out, Finding{Analyzer: name, Diagnostic: d, Pos: ParsePosn(d.Posn), EndPos: ParsePosn(d.End)})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		switch {
		case a.Pos.File != b.Pos.File:
			return a.Pos.File < b.Pos.File
		case a.Pos.Line != b.Pos.Line:
			return a.Pos.Line < b.Pos.Line
		case a.Pos.Col != b.Pos.Col:
			return a.Pos.Col < b.Pos.Col
		case a.Analyzer != b.Analyzer:
			return a.Analyzer < b.Analyzer
		case a.Message != b.Message:
			return a.Message < b.Message
		}
		return a.End < b.End
	})
	return out
}

// Errors lists the analyses that failed, one "package: analyzer: error"
// line each, sorted; a failure repeated in a package's test variant is
// listed once.
func Errors(tree Tree) []string {
	seen := map[string]bool{}
	var out []string
	for id, m := range tree {
		pkg, _, _ := strings.Cut(id, " ")
		for name, res := range m {
			if res.Err == "" {
				continue
			}
			line := pkg + ": " + name + ": " + firstLine(res.Err)
			if !seen[line] {
				seen[line] = true
				out = append(out, line)
			}
		}
	}
	sort.Strings(out)
	return out
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// Rel returns file relative to dir when file is inside dir, and file
// unchanged otherwise. Both are absolute; the result uses slashes only
// when slash is set (URIs), the OS separator otherwise.
func Rel(dir, file string, slash bool) (string, bool) {
	rel, ok := relIn(dir, file)
	if !ok {
		// Paths may differ only by symbolic links (/tmp on macOS).
		d, err1 := filepath.EvalSymlinks(dir)
		f, err2 := filepath.EvalSymlinks(file)
		if err1 == nil && err2 == nil {
			rel, ok = relIn(d, f)
		}
	}
	if !ok {
		rel = file
	}
	if slash {
		rel = filepath.ToSlash(rel)
	}
	return rel, ok
}

func relIn(dir, file string) (string, bool) {
	if dir == "" || !filepath.IsAbs(file) {
		return "", false
	}
	rel, err := filepath.Rel(dir, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
