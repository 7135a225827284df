// Package report is how every retrylint analyzer reports: it drops
// findings in generated files and findings silenced with a
// //retrylint:ignore directive, so that suppression works the same under
// every driver (standalone, go vet, golangci-lint, nogo).
//
// A directive names the analyzers it silences and must give a reason:
//
//	//retrylint:ignore nestedretry,keyregen the inner retry is disabled in prod config
//
// It applies to findings on its own line and on the line below it.
//
// Test files have one policy for every analyzer: findings in _test.go
// files are dropped unless the analyzer's -tests flag (BindTests) is set.
// Tests retry on purpose, talk to local test servers and end with the
// test timeout, so what would be an outage risk in a service is not one
// there; the recognizer still reads test files, so facts and retry sites
// are the same either way.
package report

import (
	"flag"
	"go/ast"
	"go/token"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/directive"
)

// Directive is one //retrylint:ignore comment, as internal/directive
// parses it.
type Directive = directive.Directive

// TestsFlag is the flag, on every analyzer, that reports in _test.go
// files too.
const TestsFlag = "tests"

// BindTests defines the analyzer's -tests flag on fs, bound to *v.
func BindTests(fs *flag.FlagSet, v *bool) {
	fs.BoolVar(v, TestsFlag, *v, "report in _test.go files too")
}

// Reporter reports diagnostics for one pass.
type Reporter struct {
	pass       *analysis.Pass
	tests      bool // report in _test.go files
	generated  map[string]bool
	directives map[string]map[int][]*Directive // file -> line -> ignore directives
	// Used lists the directives that silenced a finding of this pass.
	Used map[*Directive]bool
}

// New indexes the pass's files once; use one Reporter per pass.
func New(pass *analysis.Pass) *Reporter {
	r := &Reporter{
		pass:       pass,
		generated:  map[string]bool{},
		directives: map[string]map[int][]*Directive{},
		Used:       map[*Directive]bool{},
	}
	if f := pass.Analyzer.Flags.Lookup(TestsFlag); f != nil {
		r.tests = f.Value.String() == "true"
	}
	for _, f := range pass.Files {
		name := pass.Fset.File(f.Pos()).Name()
		if ast.IsGenerated(f) {
			r.generated[name] = true
		}
		for _, d := range directive.File(f) {
			if d.Verb != directive.Ignore || d.Spaced {
				continue
			}
			if r.directives[name] == nil {
				r.directives[name] = map[int][]*Directive{}
			}
			line := pass.Fset.Position(d.Pos).Line
			r.directives[name][line] = append(r.directives[name][line], d)
		}
	}
	return r
}

// Report reports d unless it sits in a generated file or a directive
// with a reason silences it.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if r.Suppressed(d.Pos) {
		return
	}
	r.pass.Report(d)
}

// Reportf is Report for a message with no category, fixes or related
// information.
func (r *Reporter) Reportf(pos token.Pos, format string, args ...any) {
	r.Report(analysis.Diagnostic{Pos: pos, Message: sprintf(format, args...)})
}

// Suppressed reports whether a finding at pos would be dropped (in a
// generated file, in a test file without -tests, or silenced by a
// directive), and marks the directive that drops it as used.
func (r *Reporter) Suppressed(pos token.Pos) bool {
	if !pos.IsValid() {
		return false
	}
	p := r.pass.Fset.Position(pos)
	if r.generated[p.Filename] || (!r.tests && strings.HasSuffix(p.Filename, "_test.go")) {
		return true
	}
	for _, line := range []int{p.Line, p.Line - 1} {
		for _, d := range r.directives[p.Filename][line] {
			// A directive without a reason silences nothing.
			if d.Reason != "" && slices.Contains(d.Analyzers, r.pass.Analyzer.Name) {
				r.Used[d] = true
				return true
			}
		}
	}
	return false
}

// Usage is the Result every retrylint analyzer returns: the ignore
// directives that silenced one of its findings in this package. The
// directive checker reads it to report directives that silence nothing.
type Usage struct {
	Used []*Directive
}

// Usage returns what this pass's directives silenced, in source order.
func (r *Reporter) Usage() *Usage {
	u := &Usage{}
	for d := range r.Used {
		u.Used = append(u.Used, d)
	}
	sort.Slice(u.Used, func(i, j int) bool { return u.Used[i].Pos < u.Used[j].Pos })
	return u
}
