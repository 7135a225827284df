package output

import (
	"fmt"
	"io"
)

// WriteText prints one "file:line:col: message (rule)" line per finding,
// the file relative to dir (the current directory) when it is inside it,
// as go vet prints them. The rule at the end names the analyzer, the word
// //retrylint:ignore takes, as staticcheck ends a line with its check ID;
// with the category after a slash when the analyzer's documentation
// describes that category (see CategoryHelp), so that retryclass's four
// kinds of finding can be told apart and looked up. analyzers are those
// of the run, for their documentation. With related, each related
// position (a hop of a chain) follows its finding as go vet prints it,
// the message indented by a tab:
//
//	shop/shop.go:24:2: retry loop (3 attempts) calls store.Save, which retries again: ... (nestedretry)
//	shop/shop.go:25:12: 	calls store.Save
func WriteText(w io.Writer, findings []Finding, analyzers []Analyzer, dir string, related bool) error {
	docs := map[string]string{}
	for _, a := range analyzers {
		docs[a.Name] = a.Doc
	}
	for _, f := range findings {
		rule := f.Analyzer
		if f.Category != "" && CategoryHelp(docs[f.Analyzer], f.Category) != "" {
			rule = f.RuleID()
		}
		if err := textLine(w, f.Pos, dir, f.Message+" ("+rule+")"); err != nil {
			return err
		}
		if !related {
			continue
		}
		for _, r := range f.Related {
			if err := textLine(w, ParsePosn(r.Posn), dir, "\t"+r.Message); err != nil {
				return err
			}
		}
	}
	return nil
}

func textLine(w io.Writer, pos Position, dir, message string) error {
	// As token.Position prints itself: no column when it is unknown.
	posn, _ := Rel(dir, pos.File, false)
	posn += fmt.Sprintf(":%d", pos.Line)
	if pos.Col > 0 {
		posn += fmt.Sprintf(":%d", pos.Col)
	}
	_, err := fmt.Fprintf(w, "%s: %s\n", posn, message)
	return err
}
