package output

import (
	"fmt"
	"io"
	"strings"
)

// WriteGitHub prints one GitHub Actions workflow command per finding:
//
//	::warning file=internal/db/db.go,line=12,col=3,endLine=12,endColumn=20,title=nestedretry/depth::retry inside retry ...
//
// file is relative to root (the repository's top level), which is how
// GitHub places an annotation on a file of the diff.
func WriteGitHub(w io.Writer, findings []Finding, root string) error {
	for _, f := range findings {
		file, _ := Rel(root, f.Pos.File, true)
		props := []string{
			"file=" + escapeProperty(file),
			fmt.Sprintf("line=%d", f.Pos.Line),
		}
		if f.Pos.Col > 0 {
			props = append(props, fmt.Sprintf("col=%d", f.Pos.Col))
		}
		if f.EndPos.Line > 0 && f.EndPos != f.Pos {
			props = append(props, fmt.Sprintf("endLine=%d", f.EndPos.Line))
			if f.EndPos.Col > 0 {
				props = append(props, fmt.Sprintf("endColumn=%d", f.EndPos.Col))
			}
		}
		props = append(props, "title="+escapeProperty("retrylint "+f.RuleID()))
		if _, err := fmt.Fprintf(w, "::warning %s::%s\n", strings.Join(props, ","), escapeData(f.Message)); err != nil {
			return err
		}
	}
	return nil
}

// escapeData escapes a workflow command's message, as
// @actions/core's escapeData does.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value, as
// @actions/core's escapeProperty does.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
