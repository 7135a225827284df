// Package output renders retrylint's findings: the go vet JSON tree the
// driver reads from `go vet -vettool -json`, turned into text lines,
// the same JSON tree, SARIF 2.1.0 for code scanning, or GitHub Actions
// workflow commands.
package output

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Tree is go vet's JSON output: package ID -> analyzer name -> result.
// A package ID names test variants apart ("p", "p [p.test]"), so the
// same finding in a non-test file appears under both.
type Tree map[string]map[string]*Result

// Result is one analyzer's result for one package: its diagnostics, or
// the error that stopped it.
type Result struct {
	Diagnostics []Diagnostic
	Err         string
}

// Diagnostic is the JSON form of an analysis.Diagnostic
// (golang.org/x/tools/internal/analysis/driverutil.JSONDiagnostic).
type Diagnostic struct {
	Category       string         `json:"category,omitempty"`
	Posn           string         `json:"posn"`
	End            string         `json:"end"`
	Message        string         `json:"message"`
	SuggestedFixes []SuggestedFix `json:"suggested_fixes,omitempty"`
	Related        []RelatedInfo  `json:"related,omitempty"`
}

// SuggestedFix is the JSON form of an analysis.SuggestedFix.
type SuggestedFix struct {
	Message string     `json:"message"`
	Edits   []TextEdit `json:"edits"`
}

// TextEdit replaces the bytes [Start, End) of Filename with New.
type TextEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

// RelatedInfo is the JSON form of an analysis.RelatedInformation.
type RelatedInfo struct {
	Posn    string `json:"posn"`
	End     string `json:"end"`
	Message string `json:"message"`
}

type jsonError struct {
	Err string `json:"error"`
}

// UnmarshalJSON reads either a list of diagnostics or {"error": "..."}.
func (r *Result) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '{' {
		var e jsonError
		if err := json.Unmarshal(data, &e); err != nil {
			return err
		}
		r.Err = e.Err
		return nil
	}
	return json.Unmarshal(data, &r.Diagnostics)
}

// MarshalJSON writes the form UnmarshalJSON reads.
func (r *Result) MarshalJSON() ([]byte, error) {
	if r.Err != "" {
		return json.Marshal(jsonError{r.Err})
	}
	return json.Marshal(r.Diagnostics)
}

// ReadTrees reads the stream of JSON trees `go vet -json` prints (one
// object per package, in completion order) and merges them.
func ReadTrees(r io.Reader) (Tree, error) {
	tree := Tree{}
	dec := json.NewDecoder(r)
	for {
		var t Tree
		err := dec.Decode(&t)
		if err == io.EOF {
			return tree, nil
		}
		if err != nil {
			return nil, fmt.Errorf("reading go vet JSON output: %v", err)
		}
		for pkg, m := range t {
			if tree[pkg] == nil {
				tree[pkg] = map[string]*Result{}
			}
			for name, res := range m {
				tree[pkg][name] = res
			}
		}
	}
}

// WriteJSON prints the tree as one JSON object, packages and analyzers in
// sorted order (encoding/json sorts map keys) and each list of
// diagnostics in position order, so that two runs print the same bytes.
func WriteJSON(w io.Writer, tree Tree) error {
	for _, m := range tree {
		for _, res := range m {
			sort.SliceStable(res.Diagnostics, func(i, j int) bool {
				return lessPosn(res.Diagnostics[i].Posn, res.Diagnostics[j].Posn)
			})
		}
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// Position is a parsed "file:line:col".
type Position struct {
	File      string
	Line, Col int
}

// ParsePosn splits "file:line:col" from the right, so that file names
// holding colons (Windows drive letters) survive. Missing parts are 0.
func ParsePosn(s string) Position {
	p := Position{File: s}
	for _, dst := range []*int{&p.Col, &p.Line} {
		i := strings.LastIndexByte(p.File, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(p.File[i+1:])
		if err != nil {
			break
		}
		*dst, p.File = n, p.File[:i]
	}
	if p.Line == 0 && p.Col != 0 { // "file:line" only
		p.Line, p.Col = p.Col, 0
	}
	return p
}

func lessPosn(a, b string) bool {
	pa, pb := ParsePosn(a), ParsePosn(b)
	if pa.File != pb.File {
		return pa.File < pb.File
	}
	if pa.Line != pb.Line {
		return pa.Line < pb.Line
	}
	return pa.Col < pb.Col
}
