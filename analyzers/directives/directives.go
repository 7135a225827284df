package directives

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/report"
)

//go:embed doc.go
var doc string

// Config says which analyzers the directives checker knows. The checker
// imports no analyzer: whoever builds it (the registry) names them.
type Config struct {
	// Checked are the analyzers whose findings //retrylint:ignore
	// directives may silence. Each must return a *report.Usage; the
	// checker requires them and reports directives none of them used.
	Checked []*analysis.Analyzer
	// Known are further analyzer names accepted in directives but not
	// checked for staleness: analyzers switched off in this run.
	Known []string
}

// Name is the directives checker's name, which drivers that list the
// analyzers of a run (the registry) give it beside theirs.
const Name = "directives"

// NewAnalyzer returns a directives checker for the analyzers of cfg.
// The returned analyzer shares no state with any other.
func NewAnalyzer(cfg Config) *analysis.Analyzer {
	c := &checker{checked: slices.Clone(cfg.Checked)}
	for _, a := range cfg.Checked {
		c.known = append(c.known, a.Name)
	}
	c.known = append(c.known, cfg.Known...)
	slices.Sort(c.known)
	c.known = slices.Compact(c.known)
	return &analysis.Analyzer{
		Name:     Name,
		Doc:      analysisutil.MustExtractDoc(doc, Name),
		URL:      "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/directives",
		Requires: c.checked,
		Run:      c.run,
	}
}

// checker is the read-only configuration of one directives analyzer.
type checker struct {
	checked []*analysis.Analyzer
	known   []string // sorted analyzer names
}

// verbs are the directives retrylint reads; see doc.go.
var verbs = []string{"ignore", "retrier", "idempotent", "nonidempotent"}

func (c *checker) run(pass *analysis.Pass) (any, error) {
	// used holds "name@pos" for each analyzer and ignore directive that
	// silenced one of its findings. Every analyzer parses the directives
	// itself, so directives are matched by position, not by pointer.
	used := map[string]bool{}
	for _, a := range c.checked {
		u, _ := pass.ResultOf[a].(*report.Usage)
		if u == nil {
			continue
		}
		for _, d := range u.Used {
			used[usedKey(a.Name, d.Pos)] = true
		}
	}
	checked := map[string]bool{}
	for _, a := range c.checked {
		checked[a.Name] = true
	}
	for _, f := range pass.Files {
		if ast.IsGenerated(f) {
			continue // retrylint drops every finding there
		}
		for _, d := range report.Directives(pass.Fset, f) {
			c.checkIgnore(pass, d, checked, used)
		}
		c.checkVerbs(pass, f)
	}
	return nil, nil
}

func usedKey(name string, pos token.Pos) string {
	return name + "@" + strconv.Itoa(int(pos))
}

// checkIgnore reports an ignore directive that cannot silence anything
// or did not:
//
//	//retrylint:ignore                          names nothing
//	//retrylint:ignore nestedretry              no reason
//	//retrylint:ignore nestedretries typo       unknown analyzer
//	//retrylint:ignore keyregen reason          nothing to silence: stale
func (c *checker) checkIgnore(pass *analysis.Pass, d *report.Directive, checked, used map[string]bool) {
	if len(d.Analyzers) == 0 {
		report1(pass, d.Pos, "malformed",
			"//retrylint:ignore names no analyzer, so it silences nothing; write //retrylint:ignore NAME reason")
		return
	}
	var unknown []string
	for _, name := range d.Analyzers {
		if _, ok := slices.BinarySearch(c.known, name); !ok {
			unknown = append(unknown, strconv.Quote(name))
		}
	}
	if len(unknown) > 0 {
		report1(pass, d.Pos, "unknown-analyzer",
			"//retrylint:ignore names unknown analyzer %s, which silences nothing; known analyzers: %s",
			strings.Join(unknown, ", "), strings.Join(c.known, ", "))
	}
	if d.Reason == "" {
		report1(pass, d.Pos, "no-reason",
			"//retrylint:ignore has no reason, so it silences nothing; add why the finding does not apply after the analyzer names")
		return
	}
	for _, name := range d.Analyzers {
		if checked[name] && !used[usedKey(name, d.Pos)] {
			report1(pass, d.Pos, "stale",
				"//retrylint:ignore %s silences nothing: no %s finding on this line or the next; remove it before it hides an unrelated finding",
				name, name)
		}
	}
}

// checkVerbs reports //retrylint: comments other than well-formed
// ignore directives that retrylint would not act on.
func (c *checker) checkVerbs(pass *analysis.Pass, f *ast.File) {
	docs := map[*ast.Comment]bool{} // comments in a function declaration's doc
	for _, decl := range f.Decls {
		if fd, ok := decl.(*ast.FuncDecl); ok && fd.Doc != nil {
			for _, cm := range fd.Doc.List {
				docs[cm] = true
			}
		}
	}
	for _, cg := range f.Comments {
		for _, cm := range cg.List {
			c.checkComment(pass, cm, docs[cm])
		}
	}
}

func (c *checker) checkComment(pass *analysis.Pass, cm *ast.Comment, inFuncDoc bool) {
	rest, ok := strings.CutPrefix(cm.Text, "//retrylint:")
	if !ok {
		// "// retrylint:ignore ..." with a space is prose to Go tools and
		// to retrylint; say so when it names one of our verbs.
		spaced, ok := strings.CutPrefix(cm.Text, "// retrylint:")
		if ok && slices.Contains(verbs, verbOf(spaced)) {
			report1(pass, cm.Pos(), "malformed",
				"\"// retrylint:%s\" has a space after //, so it is not a directive and has no effect; write //retrylint:%s",
				verbOf(spaced), verbOf(spaced))
		}
		return
	}
	verb := verbOf(rest)
	args := strings.TrimSpace(rest[len(verb):])
	switch verb {
	case "ignore", "idempotent", "nonidempotent":
		// ignore: checked from report.Directives, the parse the
		// analyzers use; the others: read by nonidempotent.
	case "retrier":
		c.checkRetrier(pass, cm, args, inFuncDoc)
	default:
		report1(pass, cm.Pos(), "unknown-directive",
			"unknown directive //retrylint:%s has no effect; known directives: %s", verb, strings.Join(verbs, ", "))
	}
}

// checkRetrier checks "//retrylint:retrier attempts=N" the way the
// recognizer reads it: in a function declaration's doc comment, with
// attempts=N (N > 0), attempts=unbounded or no argument (unknown).
// Words without "=" may follow as prose; a bare number or another key
// (attempt=3, max=3) is a mistake the recognizer would silently ignore.
func (c *checker) checkRetrier(pass *analysis.Pass, cm *ast.Comment, args string, inFuncDoc bool) {
	if !inFuncDoc {
		report1(pass, cm.Pos(), "misplaced",
			"//retrylint:retrier is not in the doc comment of a function declaration, so the recognizer never reads it; move it there")
		return
	}
	for _, a := range strings.Fields(args) {
		v, ok := strings.CutPrefix(a, "attempts=")
		_, numErr := strconv.Atoi(a)
		if !ok && (strings.Contains(a, "=") || numErr == nil) {
			report1(pass, cm.Pos(), "malformed",
				"//retrylint:retrier ignores argument %q; write attempts=N (N > 0) or attempts=unbounded", a)
			continue
		}
		if !ok {
			continue // prose after the arguments: "the SDK retries inside"
		}
		if n, err := strconv.Atoi(v); v != "unbounded" && (err != nil || n <= 0) {
			report1(pass, cm.Pos(), "malformed",
				"//retrylint:retrier attempts=%s is not a positive count, so the attempt count is taken as unknown; write attempts=N (N > 0) or attempts=unbounded", v)
		}
	}
}

// verbOf returns the directive word at the start of s.
func verbOf(s string) string {
	if i := strings.IndexFunc(s, func(r rune) bool { return r == ' ' || r == '\t' }); i >= 0 {
		return s[:i]
	}
	return s
}

func report1(pass *analysis.Pass, pos token.Pos, category, format string, args ...any) {
	pass.Report(analysis.Diagnostic{Pos: pos, Category: category, Message: fmt.Sprintf(format, args...)})
}
