package output

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"
)

// Analyzer describes an analyzer for SARIF rules: its name, its Doc
// (summary line, blank line, full description) and documentation URL.
type Analyzer struct {
	Name, Doc, URL string
}

// SARIF describes one retrylint run for WriteSARIF.
type SARIF struct {
	Analyzers []Analyzer // the analyzers that ran, one rule each
	Findings  []Finding
	Errors    []string // packages that could not be analyzed
	Root      string   // artifact URIs are relative to it (the repository's top level)
	Version   string   // retrylint's version: "v0.1.0", or "(devel) (git REV, modified)" from a clone
}

const (
	sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"
	toolURI     = "https://github.com/retrylint/retrylint"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	Results     []sarifResult     `json:"results"`
	ColumnKind  string            `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	InformationURI  string      `json:"informationUri"`
	Version         string      `json:"version,omitempty"`
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	Rules           []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string          `json:"id"`
	Name                 string          `json:"name"`
	ShortDescription     sarifText       `json:"shortDescription"`
	FullDescription      sarifText       `json:"fullDescription"`
	Help                 sarifText       `json:"help"`
	HelpURI              string          `json:"helpUri,omitempty"`
	DefaultConfiguration sarifRuleConfig `json:"defaultConfiguration"`
	Properties           sarifRuleProps  `json:"properties"`
}

type sarifRuleConfig struct {
	Level string `json:"level"`
}

type sarifRuleProps struct {
	Tags      []string `json:"tags"`
	Precision string   `json:"precision"`
}

type sarifInvocation struct {
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifText         `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

type sarifLocation struct {
	ID               int                   `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifText            `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           sarifRegion           `json:"region"`
}

type sarifArtifactLocation struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// WriteSARIF prints a SARIF 2.1.0 log that GitHub code scanning accepts.
//
// Rules: one per analyzer ("keyregen"), and one per category an
// analyzer's findings carry ("nestedretry/depth"), described from the
// analyzer's Doc. Locations are relative to s.Root, columns count
// Unicode code points (Go counts bytes), related locations carry
// Diagnostic.Related (the hops of a chain), and each result has a
// primaryLocationLineHash computed from the rule, the file, the text of
// the flagged line and the message, so an alert keeps its identity when
// lines above it move.
func WriteSARIF(w io.Writer, s SARIF) error {
	lines := lineCache{}
	rules, index := sarifRules(s.Analyzers, s.Findings)
	results := []sarifResult{}
	occurrences := map[string]int{}
	for _, f := range s.Findings {
		uri, _ := Rel(s.Root, f.Pos.File, true)
		loc := sarifLocation{PhysicalLocation: lines.physical(s.Root, f.Pos, f.EndPos)}
		text := lines.line(f.Pos.File, f.Pos.Line)
		sum := sha256.Sum256([]byte(strings.Join([]string{f.RuleID(), uri, strings.Join(strings.Fields(text), " "), f.Message}, "\x00")))
		hash := hex.EncodeToString(sum[:8])
		occurrences[hash]++
		res := sarifResult{
			RuleID:              f.RuleID(),
			RuleIndex:           index[f.RuleID()],
			Level:               "warning",
			Message:             sarifText{f.Message},
			Locations:           []sarifLocation{loc},
			PartialFingerprints: map[string]string{"primaryLocationLineHash": fmt.Sprintf("%s:%d", hash, occurrences[hash])},
		}
		for i, r := range f.Related {
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
				ID:               i + 1,
				PhysicalLocation: lines.physical(s.Root, ParsePosn(r.Posn), ParsePosn(r.End)),
				Message:          &sarifText{r.Message},
			})
		}
		results = append(results, res)
	}
	inv := sarifInvocation{ExecutionSuccessful: len(s.Errors) == 0}
	for _, e := range s.Errors {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sarifNotification{Level: "error", Message: sarifText{e}})
	}
	log := sarifLog{
		Schema:  sarifSchema,
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{
				Name:            "retrylint",
				InformationURI:  toolURI,
				Version:         s.Version,
				SemanticVersion: semanticVersion(s.Version),
				Rules:           rules,
			}},
			Invocations: []sarifInvocation{inv},
			Results:     results,
			ColumnKind:  "unicodeCodePoints",
		}},
	}
	data, err := json.MarshalIndent(log, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// semanticVersion is the module version in version without its "v",
// when it is one (a tag or a pseudo-version, not "(devel)").
func semanticVersion(version string) string {
	v, _, _ := strings.Cut(version, " ")
	if !strings.HasPrefix(v, "v") {
		return ""
	}
	return v[1:]
}

// lineCache reads source lines for columns and fingerprints.
type lineCache map[string][][]byte

func (c lineCache) line(file string, n int) string {
	lines, ok := c[file]
	if !ok {
		data, err := os.ReadFile(file)
		if err == nil {
			sc := bufio.NewScanner(bytes.NewReader(data))
			sc.Buffer(nil, len(data)+1)
			for sc.Scan() {
				lines = append(lines, append([]byte(nil), sc.Bytes()...))
			}
		}
		c[file] = lines
	}
	if n < 1 || n > len(lines) {
		return ""
	}
	return string(lines[n-1])
}

// column converts Go's byte column to a code point column.
func (c lineCache) column(file string, line, col int) int {
	text := c.line(file, line)
	if col < 1 || col-1 > len(text) {
		return col
	}
	return utf8.RuneCountInString(text[:col-1]) + 1
}

func (c lineCache) physical(root string, start, end Position) sarifPhysicalLocation {
	uri, inside := Rel(root, start.File, true)
	if !inside {
		// Absolute, outside the repository (a dependency in the module cache).
		if !strings.HasPrefix(uri, "/") {
			uri = "/" + uri // C:/x -> /C:/x
		}
		uri = "file://" + uri
	}
	r := sarifRegion{StartLine: max(start.Line, 1)}
	if start.Col > 0 {
		r.StartColumn = c.column(start.File, start.Line, start.Col)
	}
	if end.File == start.File && end.Line > 0 && (end.Line > start.Line || end.Line == start.Line && end.Col > start.Col) {
		r.EndLine = end.Line
		if end.Col > 0 {
			r.EndColumn = c.column(end.File, end.Line, end.Col)
		}
	}
	return sarifPhysicalLocation{ArtifactLocation: sarifArtifactLocation{URI: uri}, Region: r}
}
