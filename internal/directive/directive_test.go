package directive

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"testing"

	"github.com/retrylint/retrylint/internal/catalog"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		text      string
		nil       bool
		verb      string
		spaced    bool
		analyzers []string
		reason    string
		attempts  int
		problems  []string // categories
	}{
		{text: "// plain prose", nil: true},
		{text: "// retrylint: a word about the tool", nil: true},
		{text: "//retrylint:ignore nestedretry,keyregen the inner retry is off", verb: Ignore, analyzers: []string{"nestedretry", "keyregen"}, reason: "the inner retry is off"},
		{text: "//retrylint:ignore\tnodeadline\ttabs work", verb: Ignore, analyzers: []string{"nodeadline"}, reason: "tabs work"},
		{text: "//retrylint:ignore nodeadline", verb: Ignore, analyzers: []string{"nodeadline"}, problems: []string{NoReason}},
		{text: "//retrylint:ignore", verb: Ignore, problems: []string{Malformed}},
		{text: "//retrylint:ignorex a b", verb: "ignorex"},
		{text: "// retrylint:ignore nodeadline reason", verb: Ignore, spaced: true, analyzers: []string{"nodeadline"}, reason: "reason"},
		{text: "//retrylint:retrier attempts=5 the SDK retries inside", verb: Retrier, attempts: 5},
		{text: "//retrylint:retrier", verb: Retrier, attempts: catalog.AttemptsUnknown},
		{text: "//retrylint:retrier attempts=unbounded", verb: Retrier, attempts: catalog.AttemptsUnbounded},
		{text: "//retrylint:retrier attempts=0", verb: Retrier, attempts: catalog.AttemptsUnknown, problems: []string{Malformed}},
		{text: "//retrylint:retrier 3 max=4", verb: Retrier, attempts: catalog.AttemptsUnknown, problems: []string{Malformed, Malformed}},
		{text: "//retrylint:idempotent safe: the server dedups", verb: Idempotent},
		{text: "//retrylint:", verb: ""},
	} {
		d := Parse(&ast.Comment{Text: tc.text})
		if tc.nil {
			if d != nil {
				t.Errorf("%q: got a directive %+v, want none", tc.text, d)
			}
			continue
		}
		if d == nil {
			t.Errorf("%q: no directive", tc.text)
			continue
		}
		var cats []string
		for _, p := range d.Problems {
			cats = append(cats, p.Category)
		}
		if d.Verb != tc.verb || d.Spaced != tc.spaced || !slices.Equal(d.Analyzers, tc.analyzers) ||
			d.Reason != tc.reason || d.Attempts != tc.attempts || !slices.Equal(cats, tc.problems) {
			t.Errorf("%q: got verb %q spaced %v analyzers %q reason %q attempts %d problems %v; want %q %v %q %q %d %v",
				tc.text, d.Verb, d.Spaced, d.Analyzers, d.Reason, d.Attempts, cats,
				tc.verb, tc.spaced, tc.analyzers, tc.reason, tc.attempts, tc.problems)
		}
	}
}

func TestOfFunc(t *testing.T) {
	src := `package p

// f retries inside.
//
//retrylint:retrier attempts=3
func f() {}

// g is marked with a space, which is prose.
//
// retrylint:idempotent
func g() {}

//retrylint:retrier attempts=4
var x = 1
`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	decls := map[string]*ast.FuncDecl{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			decls[fd.Name.Name] = fd
		}
	}
	if d := OfFunc(decls["f"], Retrier); d == nil || d.Attempts != 3 {
		t.Errorf("f: %+v, want retrier attempts=3", d)
	}
	if d := OfFunc(decls["g"], Idempotent); d != nil {
		t.Errorf("g: %+v, want none (spaced)", d)
	}
	if len(File(f)) != 3 {
		t.Errorf("File: %d directives, want 3 (f's, g's spaced one, the misplaced one)", len(File(f)))
	}
}
