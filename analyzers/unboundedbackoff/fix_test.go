package unboundedbackoff

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// shortSrc holds every kind of node the recognizer hands over as the
// evidence of a policy or as the operation of a helper: calls, builder
// chains, literals (with their fields, and with an elided type), field
// assignments, named values, function literals.
const shortSrc = `package p

func f() {
	_ = wait.Backoff{Duration: time.Second, Factor: 2.0, Jitter: 0.0}
	_ = &backoff.ExponentialBackOff{RandomizationFactor: 0, Clock: backoff.SystemClock}
	_ = map[string]wait.Backoff{"api": {Duration: time.Second, Jitter: 0}}
	_ = []*wait.Backoff{{Steps: 3}}
	_ = wait.Backoff{Duration: pick(map[string]time.Duration{"a": time.Second}, "a", someLongArgumentName)}
	_ = wait.Backoff{Duration: func() time.Duration {
		return time.Second
	}()}
	b.RandomizationFactor = 0
	b.Jitter, b.Cap = 0, time.Minute
	_ = retry.Attempts(0)
	_ = retrypolicy.NewBuilder[any]().
		WithMaxRetries(-1).
		WithDelay(time.Second)
	_ = retryablehttp.DefaultBackoff
	_ = resilience.Retry(5*time.Second, func() error { return nil })
}
`

func TestShort(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", shortSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	c := &checker{pass: &analysis.Pass{Fset: fset}}
	want := map[string]bool{
		"Jitter: 0.0":                false,
		"RandomizationFactor: 0":     false,
		"Clock: backoff.SystemClock": false,
		`"api": {...}`:               false,
		"{...}":                      false,
		"wait.Backoff{...}":          false,
		"Duration: pick(..., \"a\", someLongArgumentName)":          false,
		"Duration: (func() time.Duration literal)()":                false,
		"b.RandomizationFactor = 0":                                 false,
		"b.Jitter, b.Cap = 0, time.Minute":                          false,
		"retry.Attempts(0)":                                         false,
		"retrypolicy.NewBuilder[any]()...WithDelay(time.Second)":    false,
		"retryablehttp.DefaultBackoff":                              false,
		"resilience.Retry(5 * time.Second, (func() error literal))": false,
		"(func() error literal)":                                    false,
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case ast.Expr, *ast.AssignStmt:
		default:
			return true
		}
		s := c.short(n)
		if s == "" || strings.Contains(s, "(ast: ") || strings.Contains(s, "\n") {
			t.Errorf("%s: short(%T) = %q", fset.Position(n.Pos()), n, s)
		}
		if _, ok := want[s]; ok {
			want[s] = true
		}
		return true
	})
	for s, seen := range want {
		if !seen {
			t.Errorf("no node renders as %q", s)
		}
	}
}
