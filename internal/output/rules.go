package output

import (
	"fmt"
	"sort"
	"strings"
)

// A rule is what SARIF and the text format say about one kind of
// finding: an analyzer ("nestedretry") or one category of its findings
// ("unboundedbackoff/no-cap").

// sarifRules returns the rules sorted by ID, and each rule's index. An
// analyzer's rule carries its whole documentation, once; a category's
// rule carries what the documentation says of that category, in one
// line, and points to the analyzer's rule and page for the rest.
func sarifRules(analyzers []Analyzer, findings []Finding) ([]sarifRule, map[string]int) {
	byName := map[string]Analyzer{}
	ids := map[string]bool{}
	for _, a := range analyzers {
		byName[a.Name] = a
		ids[a.Name] = true
	}
	for _, f := range findings {
		ids[f.RuleID()] = true
	}
	var sorted []string
	for id := range ids {
		sorted = append(sorted, id)
	}
	sort.Strings(sorted)
	var rules []sarifRule
	index := map[string]int{}
	for _, id := range sorted {
		name, category, _ := strings.Cut(id, "/")
		a, ok := byName[name]
		if !ok {
			a = Analyzer{Name: name, Doc: name}
		}
		short, intro, full := splitDoc(a.Doc)
		see := ""
		if a.URL != "" {
			see = "\n\nDocumentation: " + a.URL
		}
		rule := sarifRule{
			ID:                   id,
			Name:                 name,
			ShortDescription:     sarifText{short},
			FullDescription:      sarifText{intro},
			Help:                 sarifText{full + see},
			HelpURI:              a.URL,
			DefaultConfiguration: sarifRuleConfig{Level: "warning"},
			Properties:           sarifRuleProps{Tags: []string{"reliability", "retry"}, Precision: "high"},
		}
		if category != "" {
			what := CategoryHelp(a.Doc, category)
			if what == "" {
				what = fmt.Sprintf("%s: findings of category %s", short, category)
			}
			rule.ShortDescription = sarifText{fmt.Sprintf("%s (%s)", short, category)}
			rule.FullDescription = sarifText{sentence(what)}
			rule.Help = sarifText{sentence(what) + "\n\nThe rule " + name + " has the analyzer's documentation." + see}
		}
		index[id] = len(rules)
		rules = append(rules, rule)
	}
	return rules, index
}

// splitDoc splits an Analyzer.Doc into its summary (the first paragraph,
// on one line), its introduction (the next paragraph, on one line; the
// summary when there is none) and its full text.
func splitDoc(doc string) (short, intro, full string) {
	paras := paragraphs(doc)
	if len(paras) == 0 {
		return "", "", ""
	}
	short, intro = oneLine(paras[0]), oneLine(paras[0])
	if len(paras) > 1 {
		intro = oneLine(paras[1])
	}
	return short, intro, strings.TrimSpace(doc)
}

// CategoryHelp returns what an analyzer's Doc says one category of its
// findings is, in a clause: the start of the paragraph or list item that
// begins with the category's name and a colon, up to its first full stop
// or colon, as unboundedbackoff documents its three kinds of finding:
//
//	no-cap: a delay that grows geometrically and reaches a wait with no
//	clamp. Exponential backoff without a cap waits hours after ...
//
// gives "a delay that grows geometrically and reaches a wait with no
// clamp". It returns "" when no paragraph begins that way.
func CategoryHelp(doc, category string) string {
	for _, p := range paragraphs(doc) {
		rest, ok := strings.CutPrefix(p, category+": ")
		if !ok {
			continue
		}
		rest = oneLine(rest)
		for _, stop := range []string{". ", ": "} {
			if i := strings.Index(rest, stop); i >= 0 {
				rest = rest[:i]
			}
		}
		return strings.TrimRight(rest, ".:")
	}
	return ""
}

// paragraphs splits a doc comment's text (as go/ast.CommentGroup.Text
// gives it) into its paragraphs and list items, the "  - " of an item
// dropped, leaving out code blocks (lines indented by a tab).
func paragraphs(doc string) []string {
	var out []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.Join(cur, "\n"))
		}
		cur = nil
	}
	for _, line := range strings.Split(strings.TrimSpace(doc), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(line, "\t"):
			flush()
		case strings.HasPrefix(trimmed, "- ") && line != trimmed:
			flush()
			cur = append(cur, strings.TrimPrefix(trimmed, "- "))
		case line != trimmed && len(cur) == 0:
			// an indented line that continues no paragraph or item
		default:
			cur = append(cur, trimmed)
		}
	}
	flush()
	return out
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// sentence ends s with a full stop.
func sentence(s string) string {
	if s == "" || strings.HasSuffix(s, ".") {
		return s
	}
	return s + "."
}
