package nestedretry

import (
	_ "embed"
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/report"
)

//go:embed doc.go
var doc string

// Config holds the analyzer's options; each is also a flag.
type Config struct {
	// MinLayers is the number of stacked retry layers worth a report.
	MinLayers int
	// IgnorePackages lists import path prefixes; a chain through a
	// package under one of them is not reported.
	IgnorePackages []string
	// Tests reports in _test.go files too (-tests; see report.BindTests).
	Tests bool
}

// DefaultConfig returns the defaults: report two layers or more.
func DefaultConfig() Config { return Config{MinLayers: 2} }

// Analyzer is the nestedretry analyzer with default settings.
var Analyzer = NewAnalyzer(DefaultConfig())

// NewAnalyzer returns a nestedretry analyzer whose flags are bound to its
// own copy of cfg, so that differently configured instances coexist.
func NewAnalyzer(cfg Config) *analysis.Analyzer {
	c := &cfg
	a := &analysis.Analyzer{
		Name:       "nestedretry",
		Doc:        analysisutil.MustExtractDoc(doc, "nestedretry"),
		URL:        "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/nestedretry",
		Requires:   []*analysis.Analyzer{retryscan.Analyzer},
		Run:        analysisutil.Guard(func(pass *analysis.Pass, at *analysisutil.Crumb) (any, error) { return run(pass, c, at) }),
		ResultType: reflect.TypeFor[*report.Usage](),
	}
	a.Flags.IntVar(&c.MinLayers, "min-layers", c.MinLayers, "report chains of at least this many retry layers")
	a.Flags.Var((*listFlag)(&c.IgnorePackages), "ignore-packages", "comma-separated import path prefixes; chains through these packages are not reported")
	report.BindTests(&a.Flags, &c.Tests)
	return a
}

func run(pass *analysis.Pass, cfg *Config, at *analysisutil.Crumb) (any, error) {
	r, err := retryscan.Of(pass)
	if err != nil {
		return nil, err
	}
	rep := report.New(pass)
	for _, site := range r.Sites() {
		at.At(site.Pos())
		if site.Kind() == retryscan.KindClient || site.Kind() == retryscan.KindRetrier {
			continue // no attempt body of ours: the library's or the callee's business
		}
		if slices.ContainsFunc(r.Enclosing(site.Pos()), func(e *retryscan.Site) bool { return e != site || !recursive(site) }) {
			continue // an enclosing site in this package reports the longer chain
		}
		inner := r.Inner(site)
		layers := 1 + retryscan.Layers(inner)
		if layers < max(cfg.MinLayers, 2) || cfg.ignored(site, inner) {
			continue
		}
		rep.Report(diagnostic(site, inner, per(r, site)))
	}
	for _, st := range r.InterceptorStacks() {
		at.At(st.Dial.Pos())
		if len(st.Layers) >= max(cfg.MinLayers, 2) && !cfg.ignoredStack(st) {
			rep.Report(stackDiagnostic(st))
		}
	}
	return rep.Usage(), nil
}

// stackDiagnostic renders a channel that chains retry interceptors, at
// its dial, with one related location per interceptor:
//
//	the channel chains 2 retry interceptors (5 attempts each): up to 25
//	calls per unary RPC (5x5); keep one
func stackDiagnostic(st retryscan.InterceptorStack) analysis.Diagnostic {
	counts := make([]string, len(st.Layers))
	same := true
	for i, l := range st.Layers {
		counts[i] = fmt.Sprint(l.Attempts)
		same = same && l.Attempts == st.Layers[0].Attempts
	}
	each := retryscan.AttemptsString(st.Layers[0].Attempts) + " each"
	if !same {
		each = strings.Join(counts[:len(counts)-1], ", ") + " and " + counts[len(counts)-1] + " attempts"
	}
	var related []analysis.RelatedInformation
	for i, l := range st.Layers {
		related = append(related, analysis.RelatedInformation{Pos: l.Pos,
			Message: fmt.Sprintf("layer %d: %s retries (%s)", i+1, l.Name, retryscan.AttemptsString(l.Attempts))})
	}
	return analysis.Diagnostic{
		Pos:      st.Dial.Pos(),
		Category: "interceptors",
		Message: fmt.Sprintf("the channel chains %d retry interceptors (%s): up to %d calls per unary RPC (%s); keep one",
			len(st.Layers), each, st.Attempts(), strings.Join(counts, "x")),
		Related: related,
	}
}

// recursive reports a recursive retry, whose site is its self-call, in
// the body that is its attempt: it encloses itself, and is reported all
// the same. A goto loop's label also lies in its body, and a goto loop is
// not reported at its own label: the recognizer takes the outer loop of
// two nested goto loops, a watch that goes round on success, for a retry
// (consul's Lock.monitorLock), and a report there would be false.
func recursive(site *retryscan.Site) bool {
	_, ok := site.Node().(*ast.CallExpr)
	return ok && site.Kind() == retryscan.KindLoop
}

// ignored reports whether the chain runs through an ignored package.
func (c *Config) ignored(site *retryscan.Site, inner []retryscan.Hop) bool {
	for _, prefix := range c.IgnorePackages {
		if prefix == "" {
			continue
		}
		if site.Callee() != nil && strings.HasPrefix(site.Callee().Pkg().Path(), prefix) {
			return true
		}
		for _, h := range inner {
			if strings.HasPrefix(h.Pkg, prefix) {
				return true
			}
		}
	}
	return false
}

// ignoredStack reports whether a retry interceptor of the stack is of
// an ignored package.
func (c *Config) ignoredStack(st retryscan.InterceptorStack) bool {
	for _, prefix := range c.IgnorePackages {
		for _, l := range st.Layers {
			if prefix != "" && strings.HasPrefix(l.Pkg, prefix) {
				return true
			}
		}
	}
	return false
}

// per words what the count of calls is per: a request on request paths,
// a run or an event in background code (retryscan.Trigger).
func per(r *retryscan.Result, site *retryscan.Site) string {
	t, fn := r.Trigger(site)
	if t == retryscan.TriggerUnknown && fn == "" {
		return "per call"
	}
	return t.Per(fn)
}

// diagnostic renders one finding at the outer site:
//
//	retry loop (3 attempts) calls fetchUser, which retries again: up to 15
//	calls per request (3x5 via fetchUser -> store.Get -> backoff.Retry);
//	retry in one layer only
func diagnostic(site *retryscan.Site, inner []retryscan.Hop, per string) analysis.Diagnostic {
	// A loop that only a context ends counts N, as it does in a chain.
	outer := retryscan.Hop{Name: site.Name(), Attempts: int32(site.Bound().Layer()), Retry: true}
	chain := append([]retryscan.Hop{outer}, inner...)
	first := inner[0]
	what := fmt.Sprintf("calls %s, which retries again", first.Name)
	category := "indirect"
	if first.Retry {
		what = fmt.Sprintf("wraps %s (%s), which retries again", first.Name, retryscan.AttemptsString(int(first.Attempts)))
		category = "direct"
	}
	amp, inText := amplification(chain)
	via := retryscan.Product(chain) + " via "
	if inText {
		via = "via " // "up to Nx4 calls per request (via store.Save -> retry.Do)"
	}
	msg := fmt.Sprintf("%s (%s) %s: %s %s (%s%s); retry in one layer only",
		site.Name(), retryscan.AttemptsString(site.Bound().Layer()), what, amp, per, via, retryscan.ChainString(inner))
	return analysis.Diagnostic{
		Pos:      site.Pos(),
		Category: category,
		Message:  msg,
		Related:  related(site, inner),
	}
}

// amplification states how many calls one request can make on the
// bottom dependency, and whether the text already shows the product
// (a count with an unknown factor: "up to Nx4 calls"), which the
// message then does not repeat.
func amplification(chain []retryscan.Hop) (string, bool) {
	if total, ok := retryscan.Total(chain); ok {
		return fmt.Sprintf("up to %d calls", total), false
	}
	for _, h := range chain {
		if h.Retry && h.Attempts == catalog.AttemptsUnbounded {
			return "an unbounded number of calls", false
		}
	}
	return "up to " + retryscan.Product(chain) + " calls", true
}

// related returns one entry per hop. Hops in other packages have no
// position here; they are described at the last position that is known,
// with their own file and line in the message.
func related(site *retryscan.Site, inner []retryscan.Hop) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	last := site.Pos()
	for i, h := range inner {
		var msg string
		if h.Retry {
			msg = fmt.Sprintf("layer %d: %s retries (%s)", 1+retryscan.Layers(inner[:i+1]), h.Name, retryscan.AttemptsString(int(h.Attempts)))
		} else {
			msg = "calls " + h.Name
		}
		pos := h.Pos()
		if pos == token.NoPos {
			pos = last
			msg += " at " + h.Posn
		}
		last = pos
		out = append(out, analysis.RelatedInformation{Pos: pos, Message: msg})
	}
	return out
}

// listFlag is a comma-separated list flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	*l = nil
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*l = append(*l, p)
		}
	}
	return nil
}

var _ flag.Value = (*listFlag)(nil)
