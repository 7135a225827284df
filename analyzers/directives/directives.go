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
	"github.com/retrylint/retrylint/internal/directive"
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

func (c *checker) run(pass *analysis.Pass) (any, error) {
	// used holds "name@pos" for each analyzer and ignore directive that
	// silenced one of its findings. Every analyzer parses the directives
	// of its own pass, so directives are matched by position, not by
	// pointer.
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
		inDoc := funcDocs(f)
		for _, d := range directive.File(f) {
			switch {
			case d.Spaced:
				report1(pass, d.Pos, directive.Malformed,
					"\"// retrylint:%s\" has a space after //, so it is not a directive and has no effect; write //retrylint:%s",
					d.Verb, d.Verb)
			case d.Verb == directive.Ignore:
				c.checkIgnore(pass, d, checked, used)
			case d.Verb == directive.Retrier && !inDoc[d.Pos]:
				report1(pass, d.Pos, "misplaced",
					"//retrylint:retrier is not in the doc comment of a function declaration, so the recognizer never reads it; move it there")
			case d.Known():
				// retrier (read by the recognizer), idempotent and
				// nonidempotent (read by nonidempotent).
				for _, p := range d.Problems {
					report1(pass, d.Pos, p.Category, "%s", p.Message)
				}
			default:
				report1(pass, d.Pos, "unknown-directive",
					"unknown directive //retrylint:%s has no effect; known directives: %s", d.Verb, strings.Join(directive.Verbs, ", "))
			}
		}
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
func (c *checker) checkIgnore(pass *analysis.Pass, d *directive.Directive, checked, used map[string]bool) {
	if len(d.Analyzers) == 0 {
		for _, p := range d.Problems {
			report1(pass, d.Pos, p.Category, "%s", p.Message)
		}
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
	if len(d.Problems) > 0 {
		for _, p := range d.Problems {
			report1(pass, d.Pos, p.Category, "%s", p.Message)
		}
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

// funcDocs returns the positions of the comments in function
// declarations' doc comments, where function directives are read.
func funcDocs(f *ast.File) map[token.Pos]bool {
	docs := map[token.Pos]bool{}
	for _, decl := range f.Decls {
		if fd, ok := decl.(*ast.FuncDecl); ok && fd.Doc != nil {
			for _, cm := range fd.Doc.List {
				docs[cm.Pos()] = true
			}
		}
	}
	return docs
}

func report1(pass *analysis.Pass, pos token.Pos, category, format string, args ...any) {
	pass.Report(analysis.Diagnostic{Pos: pos, Category: category, Message: fmt.Sprintf(format, args...)})
}
