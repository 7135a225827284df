package analysisutil

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtractDoc returns the section "# Analyzer NAME" of the package
// comment in content (the text of an analyzer's doc.go), in the form
// analysis.Analyzer.Doc expects: the summary after "NAME: ", a blank
// line, then the full description, with every subsection ("# Flags",
// "# Limitations", ...) up to the next "# Analyzer" heading or the end.
// It panics when the section is missing, which the analyzer's own tests
// catch at once.
//
// The doc.go files look like this:
//
//	// Package halting defines an analyzer ...
//	//
//	// # Analyzer halting
//	//
//	// halting: report loops that never halt
//	//
//	// Full description ...
//	//
//	// # Limitations
//	//
//	// What it misses on purpose ...
//	package halting
func MustExtractDoc(content, name string) string {
	doc, err := ExtractDoc(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// ExtractDoc is MustExtractDoc with an error instead of a panic.
func ExtractDoc(content, name string) (string, error) {
	if content == "" {
		return "", fmt.Errorf("empty Go source file")
	}
	f, err := parser.ParseFile(token.NewFileSet(), "", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("not a Go source file: %v", err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("no package doc comment in the Go source file")
	}
	heading := "# Analyzer " + name
	text := f.Doc.Text()
	_, rest, ok := strings.Cut(text, "\n"+heading+"\n")
	if !ok && strings.HasPrefix(text, heading+"\n") {
		rest, ok = text[len(heading)+1:], true
	}
	if !ok {
		return "", fmt.Errorf("package doc comment contains no %q heading", heading)
	}
	// The section ends where another analyzer's begins (one doc comment
	// may document several); its own subsections belong to it: help and
	// SARIF rule help show them, Limitations included.
	if i := strings.Index(rest, "\n# Analyzer "); i >= 0 {
		rest = rest[:i]
	}
	rest = strings.TrimSpace(rest)
	summary, ok := strings.CutPrefix(rest, name+": ")
	if !ok {
		return "", fmt.Errorf("section %q does not start with %q", heading, name+": ")
	}
	return summary, nil
}
