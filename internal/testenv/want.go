package testenv

import (
	"fmt"
	"go/token"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/scanner"

	"golang.org/x/tools/go/analysis/checker"
)

// The // want comments of a fixture, as analysistest reads them: a
// comment (// or /* */) whose text starts with "want", then Go string
// literals, each a regular expression one diagnostic on that line must
// match, and NAME:"regexp" pairs, each a fact the object NAME declared on
// that line must have (String() matching; NAME "package" for a package
// fact, expected on line 1 of the package's first file); "+N" first makes
// them the expectations of the Nth line below:
//
//	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\)`
//	func Fetch() error { // want Fetch:"retrier\(3\)" `retry inside`

// wantKey is a line of a file.
type wantKey struct {
	file string
	line int
}

// expectation is one diagnostic (name "") or fact a want comment asks for.
type expectation struct {
	name string // the object of a fact, "package", or "" for a diagnostic
	rx   *regexp.Regexp
}

func (e expectation) kind() string {
	if e.name == "" {
		return "diagnostic"
	}
	return "fact"
}

// checkWants reports, as test errors, each diagnostic and fact of act
// (one analyzer on one root package) that no expectation of its line
// matches, and each expectation nothing matched.
func checkWants(t *testing.T, act *checker.Action) {
	t.Helper()
	fset := act.Package.Fset
	want := map[wantKey][]expectation{}
	for _, f := range act.Package.Syntax {
		for _, group := range f.Comments {
			for _, c := range group.List {
				text, ok := strings.CutPrefix(c.Text, "//")
				if !ok {
					text = strings.TrimSuffix(strings.TrimPrefix(c.Text, "/*"), "*/")
				}
				rest, ok := strings.CutPrefix(strings.TrimSpace(text), "want")
				if !ok {
					continue
				}
				posn := fset.Position(c.Pos())
				delta, exps, err := parseWant(rest)
				if err != nil {
					t.Errorf("%s: in a want comment: %v", posn, err)
					continue
				}
				k := wantKey{posn.Filename, posn.Line + delta}
				want[k] = append(want[k], exps...)
			}
		}
	}

	// match removes the first expectation of the line that matches, or
	// reports what was found.
	match := func(posn token.Position, name, text string) {
		t.Helper()
		k := wantKey{posn.Filename, posn.Line}
		var tried []string
		for i, e := range want[k] {
			if e.name != name {
				continue
			}
			if e.rx.MatchString(text) {
				want[k] = append(want[k][:i:i], want[k][i+1:]...)
				return
			}
			tried = append(tried, "`"+e.rx.String()+"`")
		}
		kind := expectation{name: name}.kind()
		if tried == nil {
			t.Errorf("%s: unexpected %s: %s", posn, kind, text)
		} else {
			t.Errorf("%s: %s %q matches none of %s", posn, kind, text, strings.Join(tried, ", "))
		}
	}
	for _, d := range act.Diagnostics {
		match(fset.Position(d.Pos), "", d.Message)
		checkStyle(t, fset.Position(d.Pos), d.Message)
		for _, r := range d.Related {
			checkStyle(t, fset.Position(r.Pos), r.Message)
		}
	}
	if len(act.Package.Syntax) > 0 {
		first := fset.Position(act.Package.Syntax[0].Pos())
		first.Line, first.Column = 1, 1
		for _, f := range act.AllPackageFacts() {
			if f.Package == act.Package.Types {
				match(first, "package", fmt.Sprint(f.Fact))
			}
		}
	}
	objFacts := act.AllObjectFacts()
	sort.SliceStable(objFacts, func(i, j int) bool { return objFacts[i].Object.Pos() < objFacts[j].Object.Pos() })
	for _, f := range objFacts {
		if obj := f.Object; obj.Pkg() == act.Package.Types {
			match(fset.Position(obj.Pos()), obj.Name(), fmt.Sprint(f.Fact))
		}
	}

	var left []string
	for k, exps := range want {
		for _, e := range exps {
			left = append(left, fmt.Sprintf("%s:%d: no %s matching `%s` was reported", k.file, k.line, e.kind(), e.rx))
		}
	}
	sort.Strings(left)
	for _, l := range left {
		t.Error(l)
	}
}

// parseWant reads the expectations after "want": string literals and
// NAME:string pairs, and "+N" for expectations of the Nth line below.
func parseWant(text string) (delta int, _ []expectation, _ error) {
	var sc scanner.Scanner
	sc.Init(strings.NewReader(text))
	sc.Mode = scanner.ScanIdents | scanner.ScanStrings | scanner.ScanRawStrings | scanner.ScanInts
	var scanErr error
	sc.Error = func(_ *scanner.Scanner, msg string) { scanErr = fmt.Errorf("%s", msg) }
	regexpOf := func(tok rune) (*regexp.Regexp, error) {
		if tok != scanner.String && tok != scanner.RawString {
			return nil, fmt.Errorf("%s where a regular expression (a Go string) belongs", scanner.TokenString(tok))
		}
		s, err := strconv.Unquote(sc.TokenText())
		if err != nil {
			return nil, err
		}
		return regexp.Compile(s)
	}
	var out []expectation
	for {
		tok := sc.Scan()
		if scanErr != nil {
			return 0, nil, scanErr
		}
		name := ""
		switch tok {
		case scanner.EOF:
			return delta, out, nil
		case '+':
			if sc.Scan() != scanner.Int {
				return 0, nil, fmt.Errorf("+ is not followed by a line count")
			}
			delta, _ = strconv.Atoi(sc.TokenText())
			continue
		case scanner.Ident:
			name = sc.TokenText()
			if sc.Scan() != ':' {
				return 0, nil, fmt.Errorf("%s is not followed by ':'", name)
			}
			tok = sc.Scan()
		}
		rx, err := regexpOf(tok)
		if err != nil {
			return 0, nil, err
		}
		out = append(out, expectation{name: name, rx: rx})
	}
}

// checkStyle holds every message of every analyzer's tests to the house
// style of a diagnostic: one line (a message quoting source must not
// carry gofmt's line breaks into text and JSON output), no trailing
// period.
func checkStyle(t *testing.T, posn token.Position, msg string) {
	t.Helper()
	if strings.ContainsAny(msg, "\n\r") {
		t.Errorf("%s: message of more than one line: %q", posn, msg)
	}
	if strings.HasSuffix(msg, ".") {
		t.Errorf("%s: message ends with a period: %q", posn, msg)
	}
}
