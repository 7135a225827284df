package unboundedbackoff

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"math"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/report"
)

//go:embed doc.go
var doc string

// Categories of findings, one per kind.
const (
	CategoryNoCap    = "no-cap"
	CategoryNoJitter = "no-jitter"
	CategoryNoBound  = "no-bound"
	// CategoryNoStop: a backoff literal whose elapsed-time limit makes it
	// return 0, a wait of nothing, instead of the stop value (noStop).
	CategoryNoStop = "no-stop"
	// CategoryOverflow: a wait clamped only after its growth from an
	// attempt counter can wrap past int64, so that the clamp lets a zero
	// or negative wait through (overflow).
	CategoryOverflow = "overflow"
)

// Config holds the analyzer's options; each is also a flag.
type Config struct {
	// MaxWait is the longest single wait worth no report when the
	// attempts are bounded and every constant is visible.
	MaxWait time.Duration
	// Jitter enables the no-jitter check.
	Jitter bool
	// StrictJitter also reports short fixed retries with no jitter,
	// which are otherwise a hint (jitterpolicy.go).
	StrictJitter bool
	// Tests reports in _test.go files too (-tests; see report.BindTests).
	Tests bool
}

// DefaultConfig returns the defaults: report waits that can exceed a
// minute, and delays with no jitter.
func DefaultConfig() Config { return Config{MaxWait: time.Minute, Jitter: true} }

// Analyzer is the unboundedbackoff analyzer with default settings.
var Analyzer = NewAnalyzer(DefaultConfig())

// NewAnalyzer returns an unboundedbackoff analyzer whose flags are bound
// to its own copy of cfg, so that differently configured instances
// coexist.
func NewAnalyzer(cfg Config) *analysis.Analyzer {
	c := &cfg
	a := &analysis.Analyzer{
		Name:       "unboundedbackoff",
		Doc:        analysisutil.MustExtractDoc(doc, "unboundedbackoff"),
		URL:        "https://pkg.go.dev/github.com/retrylint/retrylint/analyzers/unboundedbackoff",
		Requires:   []*analysis.Analyzer{retryscan.Analyzer},
		Run:        analysisutil.Guard(func(pass *analysis.Pass, at *analysisutil.Crumb) (any, error) { return run(pass, c, at) }),
		ResultType: reflect.TypeFor[*report.Usage](),
	}
	a.Flags.DurationVar(&c.MaxWait, "max-wait", c.MaxWait, "report a growing delay with no cap when its longest wait exceeds this")
	a.Flags.BoolVar(&c.Jitter, "jitter", c.Jitter, "report retry delays with no jitter (turn off for single-client jobs)")
	a.Flags.BoolVar(&c.StrictJitter, "strict-jitter", c.StrictJitter, "also report no jitter on short fixed retries (at most 5 attempts and 30s of waiting)")
	report.BindTests(&a.Flags, &c.Tests)
	return a
}

type checker struct {
	pass *analysis.Pass
	cfg  *Config
	rep  *report.Reporter
	seen map[token.Pos]bool // growth positions reported (a helper shared by two loops)
	r    *retryscan.Result
}

func run(pass *analysis.Pass, cfg *Config, at *analysisutil.Crumb) (any, error) {
	r, err := retryscan.Of(pass)
	if err != nil {
		return nil, err
	}
	c := &checker{pass: pass, cfg: cfg, rep: report.New(pass), seen: map[token.Pos]bool{}, r: r}
	for _, site := range r.Sites() {
		at.At(site.Pos())
		switch {
		case site.Kind() == retryscan.KindWrapper && site.External():
			// A helper of another module: its loop is checked nowhere
			// else in this code, so at the call, for what it is given.
			c.wrapper(site)
			continue
		case site.Kind() == retryscan.KindWrapper, site.Kind() == retryscan.KindRetrier:
			continue // the wrapped or called retry is reported where it is written
		}
		c.noBound(site)
		c.noCap(site)
		c.overflow(site)
		if cfg.Jitter {
			c.noJitter(site)
		}
	}
	c.noStop()
	return c.rep.Usage(), nil
}

// wrapper reports, at the call, a retry helper of another module that
// waits with no jitter or retries forever:
//
//	err := resilience.Retry(5*time.Second, 5*time.Minute, db.Ping)
func (c *checker) wrapper(site *retryscan.Site) {
	d := site.Delay()
	what := "its attempts"
	if site.OpExpr() != nil {
		what = c.short(site.OpExpr())
	}
	switch {
	case site.Bound().Unbounded():
		c.rep.Report(analysis.Diagnostic{Pos: site.Pos(), Category: CategoryNoBound, Message: fmt.Sprintf(
			"%s retries %s with no attempt limit, no elapsed-time limit and no cancellation: it retries forever while the dependency is down; use a retry with a limit, or pass a context it stops on", site.Name(), what)})
	case c.cfg.Jitter && d.Jittered == catalog.TriNo && (d.Kind == catalog.DelayConstant || d.Kind == catalog.DelayExponential || d.Kind == catalog.DelayLinear) && !site.Local() && !c.jitterHint(site):
		c.rep.Report(analysis.Diagnostic{Pos: site.Pos(), Category: CategoryNoJitter, Message: fmt.Sprintf(
			"%s retries %s with no jitter: clients that failed together retry together; retry with a helper that adds random jitter", site.Name(), what)})
	}
}

// noBound reports a retry that nothing ends: no attempt limit, no
// elapsed-time limit, no context.
func (c *checker) noBound(site *retryscan.Site) {
	if !site.Bound().Unbounded() {
		return
	}
	if site.Kind() == retryscan.KindLoop {
		if site.Delay().Kind == catalog.DelayNone {
			// A loop that never waits is more often a parse, read or
			// rejection-sampling loop than a retry (flag.Parse,
			// bufio's collectFragments, ecdh key generation).
			return
		}
		if ev := site.Bound().Evidence; ev != nil {
			// Its counter is set back on a failed attempt (retryscan's
			// resetOnFailure).
			c.rep.Report(analysis.Diagnostic{
				Pos:      site.Pos(),
				Category: CategoryNoBound,
				Message:  fmt.Sprintf("retry loop sets its attempt counter back after a failed attempt (%s) and has no deadline and no cancellation: a dependency that keeps failing that way is retried forever; reset the count only after a success, or stop on ctx.Done()", c.short(ev)),
				Related:  []analysis.RelatedInformation{{Pos: ev.Pos(), End: ev.End(), Message: "the count starts again here"}},
			})
			return
		}
		c.rep.Report(analysis.Diagnostic{
			Pos:      site.Pos(),
			Category: CategoryNoBound,
			Message:  "retry loop has no attempt limit, no deadline and no cancellation: it retries forever while the dependency is down; count the attempts or stop on ctx.Done()",
		})
		return
	}
	why := ""
	var related []analysis.RelatedInformation
	if ev := site.Bound().Evidence; ev != nil {
		why = " (" + c.short(ev) + ")"
		related = append(related, analysis.RelatedInformation{Pos: ev.Pos(), End: ev.End(), Message: "the limit is removed here"})
	}
	c.rep.Report(analysis.Diagnostic{
		Pos:      site.Pos(),
		Category: CategoryNoBound,
		Message:  fmt.Sprintf("%s has no attempt limit, no elapsed-time limit and no cancellation%s: it retries forever while the dependency is down; limit the attempts or pass a context with a deadline", site.Name(), why),
		Related:  related,
	})
}

// noCap reports a delay that grows geometrically with no cap, when its
// longest wait is unbounded or, from visible constants, over MaxWait.
func (c *checker) noCap(site *retryscan.Site) {
	d := site.Delay()
	if d.Kind != catalog.DelayExponential || d.Capped != catalog.TriNo {
		return
	}
	b := site.Bound()
	if b.CountParam != 0 {
		// A helper counted against a parameter is where the cap belongs,
		// whatever its callers pass today (doc.go).
		b.Attempts = catalog.AttemptsUnknown
	}
	var worst string
	switch {
	case b.Attempts > 1:
		w, failures, ok := worstWait(d, b.Attempts)
		if !ok || w <= c.cfg.MaxWait {
			return // three doublings of 100ms are not worth a report
		}
		worst = fmt.Sprintf("after %d failures it waits %s", failures, wait(d, w))
	case b.Attempts == catalog.AttemptsUnknown && b.Time:
		return // an elapsed-time limit ends the growth (its size is not visible)
	case b.Attempts > 0:
		return
	default:
		worst = "the wait grows without limit"
		if n, w, ok := firstOver(d, c.cfg.MaxWait); ok {
			worst = fmt.Sprintf("after %d failures it waits %s and keeps growing", n, wait(d, w))
		}
	}
	pos := site.Pos()
	if site.Kind() == retryscan.KindLoop && d.Growth != nil {
		pos = d.Growth.Pos()
		if c.seen[pos] {
			return
		}
		c.seen[pos] = true
		where := ""
		if d.Wait != nil {
			w, g := c.pass.Fset.Position(d.Wait.Pos()), c.pass.Fset.Position(pos)
			where = fmt.Sprintf(" (wait at line %d)", w.Line)
			if w.Filename != g.Filename { // an iterator's growth, waited on elsewhere
				where = fmt.Sprintf(" (wait at %s:%d)", filepath.Base(w.Filename), w.Line)
			}
			if d.WaitIn != "" {
				where = " (wait in " + d.WaitIn + ")" // if !p.Attempt(q): the policy the loop asks waits
			}
		}
		diag := analysis.Diagnostic{
			Pos:      pos,
			End:      d.Growth.End(),
			Category: CategoryNoCap,
			Message:  fmt.Sprintf("retry delay %s with no cap%s: %s; clamp it with min(d, maxDelay)", growth(d.Factor), where, worst),
		}
		if d.Wait != nil {
			msg := "the retry waits here"
			if d.WaitIn != "" {
				msg = "the retry asks " + d.WaitIn + " here, which waits"
			}
			diag.Related = []analysis.RelatedInformation{{Pos: d.Wait.Pos(), End: d.Wait.End(), Message: msg}}
		}
		diag.SuggestedFixes = c.capFix(d.Growth)
		c.rep.Report(diag)
		return
	}
	hint := "cap the delay"
	if h, ok := catalog.LookupDelayHint(hintPkg(site, d.Growth, c.pass)); ok {
		hint = h.Cap
	}
	diag := analysis.Diagnostic{
		Pos:      pos,
		Category: CategoryNoCap,
		Message:  fmt.Sprintf("%s backs off exponentially with no cap: %s; %s", site.Name(), worst, hint),
	}
	if d.Growth != nil && d.Growth != site.Node() {
		diag.Related = []analysis.RelatedInformation{{Pos: d.Growth.Pos(), End: d.Growth.End(), Message: "the delay grows here"}}
	}
	c.rep.Report(diag)
}

// overflow reports a wait that a clamp limits only after its growth from
// an attempt counter can wrap (retryscan's Delay.Wraps, the engine's
// Flow.WrapsBeforeClamp):
//
//	for attempt := 0; ; attempt++ {
//		...
//		d := time.Second * (1 << attempt) // wraps at the 35th failure
//		if d > maxDelay {                 // a negative d passes
//			d = maxDelay
//		}
//		time.Sleep(d)
//
// The clamp is there, so no-cap says nothing of it; a jitter missing
// too is another defect, reported apart. A limit on the attempts that
// ends the retry before the wrap (Attempts at most WrapsAfter), or an
// elapsed-time limit of a size not seen, which may, leaves it quiet.
func (c *checker) overflow(site *retryscan.Site) {
	d, b := site.Delay(), site.Bound()
	if d.Wraps == nil || d.WrapsAfter <= 0 {
		return
	}
	limit := "with no attempt limit"
	switch {
	case b.Attempts > d.WrapsAfter:
		limit = fmt.Sprintf("with %d attempts", b.Attempts)
	case b.Attempts != catalog.AttemptsUnbounded || b.Time || b.CountParam != 0:
		return
	}
	pos := d.Wraps.Pos()
	if c.seen[pos] {
		return // a helper shared by two loops
	}
	c.seen[pos] = true
	diag := analysis.Diagnostic{
		Pos:      pos,
		End:      d.Wraps.End(),
		Category: CategoryOverflow,
		Message: fmt.Sprintf("retry delay %s is clamped only after it grows: %s it wraps past int64 after about %d failures, the clamp lets the zero or negative wait through and the retry spins with no wait; clamp the exponent first (min(attempt, 20)) or also test d <= 0",
			c.short(d.Wraps), limit, d.WrapsAfter),
	}
	if d.WrapWait != nil {
		diag.Related = []analysis.RelatedInformation{{Pos: d.WrapWait.Pos(), End: d.WrapWait.End(), Message: "the retry waits here"}}
	}
	c.rep.Report(diag)
}

// noJitter reports a deterministic delay: every client that failed
// together waits the same and retries together.
func (c *checker) noJitter(site *retryscan.Site) {
	d := site.Delay()
	if d.Jittered != catalog.TriNo {
		return
	}
	switch d.Kind {
	case catalog.DelayConstant, catalog.DelayExponential, catalog.DelayLinear:
	default:
		return // no wait at all is another problem
	}
	if c.jitterHint(site) {
		return // a few fixed waves: -strict-jitter reports it
	}
	shape := map[catalog.DelayKind]string{catalog.DelayConstant: "a fixed delay", catalog.DelayExponential: "a growing delay", catalog.DelayLinear: "a growing delay"}[d.Kind]
	if site.Local() {
		return // a file on this machine: no herd to spread out (retryscan's Site.Local)
	}
	if site.Kind() == retryscan.KindLoop {
		pos := site.Pos()
		if len(d.Waits) > 0 {
			pos = d.Waits[0].Pos()
		}
		if d.Wait != nil {
			pos = d.Wait.Pos()
		}
		hint := "add random jitter (full jitter: rand.N(d))"
		if h, ok := catalog.LookupDelayHint(hintPkg(site, d.Evidence, c.pass)); ok && d.Evidence != nil {
			hint = h.Jitter // a library's pause (retryscan/pauses.go)
		}
		c.rep.Report(analysis.Diagnostic{
			Pos:      pos,
			Category: CategoryNoJitter,
			// The shape is not named: a delay that a helper grows
			// may read as fixed here, and the finding holds either way.
			Message: "retry delay has no jitter: clients that failed together retry together; " + hint,
		})
		return
	}
	if d.Evidence == nil {
		return // the library default: reported only when chosen explicitly
	}
	hint := "add random jitter"
	if h, ok := catalog.LookupDelayHint(hintPkg(site, d.Evidence, c.pass)); ok {
		hint = h.Jitter
	}
	c.rep.Report(analysis.Diagnostic{
		Pos:      site.Pos(),
		Category: CategoryNoJitter,
		Message:  fmt.Sprintf("%s waits %s with no jitter (%s): clients that failed together retry together; %s", site.Name(), shape, c.short(d.Evidence), hint),
		Related:  []analysis.RelatedInformation{{Pos: d.Evidence.Pos(), End: d.Evidence.End(), Message: "the delay policy is chosen here"}},
	})
}

// worstWait returns the longest wait of a bounded retry and the number
// of failures before it: attempts-1 waits, the n-th Initial*Factor^(n-1)
// (Least for a jittered wait: it waits at least that).
func worstWait(d retryscan.Delay, attempts int) (time.Duration, int, bool) {
	first := start(d)
	if first <= 0 || d.Factor <= 1 {
		return 0, 0, false
	}
	failures := attempts - 1
	w := float64(first) * math.Pow(d.Factor, float64(failures-1))
	if w >= math.MaxInt64 {
		// float64(MaxInt64) is 2^63, which converts to a negative
		// Duration: clamp in integers.
		return time.Duration(math.MaxInt64), failures, true
	}
	return time.Duration(w), failures, true
}

// firstOver returns the first failure whose wait exceeds limit.
func firstOver(d retryscan.Delay, limit time.Duration) (int, time.Duration, bool) {
	first := start(d)
	if first <= 0 || d.Factor <= 1 {
		return 0, 0, false
	}
	w := float64(first)
	for n := 1; n < 200; n++ {
		if w > float64(limit) {
			return n, time.Duration(w), true
		}
		w *= d.Factor
	}
	return 0, 0, false
}

// start is the first wait of a growing delay, or the least it can be
// when jitter is added to it.
func start(d retryscan.Delay) time.Duration {
	if d.Initial > 0 {
		return d.Initial
	}
	return d.Least
}

// wait renders a wait w of delay d: "17m4s", or "at least 36h24m" when
// it is computed from Least, a lower bound, rounded down so as not to
// overstate it.
func wait(d retryscan.Delay, w time.Duration) string {
	if d.Initial > 0 {
		return round(w, time.Duration.Round)
	}
	return "at least " + round(w, time.Duration.Truncate)
}

func growth(factor float64) string {
	switch {
	case factor == 2:
		return "doubles each attempt"
	case factor > 1:
		return fmt.Sprintf("grows x%g each attempt", factor)
	}
	return "grows geometrically"
}

// round renders a duration for a message, to a unit its size makes
// worth reading (25.6s, 17m4s, 7h16m), with to (Round or Truncate).
func round(d time.Duration, to func(time.Duration, time.Duration) time.Duration) string {
	switch {
	case d >= 24*365*time.Hour:
		return "years"
	case d >= time.Hour:
		return to(d, time.Minute).String()
	case d >= time.Minute:
		return to(d, time.Second).String()
	}
	return to(d, 100*time.Millisecond).String()
}

// hintPkg returns the package whose hints apply: the option's, or the
// entry point's.
func hintPkg(site *retryscan.Site, n ast.Node, pass *analysis.Pass) string {
	var e ast.Expr
	switch n := n.(type) {
	case *ast.CallExpr:
		e = n.Fun
	case *ast.SelectorExpr, *ast.Ident:
		e = n.(ast.Expr)
	}
	if e != nil {
		if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
			e = sel.Sel
		}
		if obj := analysisutil.ObjectOf(pass.TypesInfo, e); obj != nil && obj.Pkg() != nil {
			// The library's hints hold for its packages:
			// github.com/Rican7/retry/strategy takes Rican7's.
			for p := obj.Pkg().Path(); strings.Contains(p, "/"); p = path.Dir(p) {
				if _, ok := catalog.LookupDelayHint(p); ok {
					return p
				}
			}
		}
	}
	if site.Entry() != nil {
		return site.Entry().Pkg
	}
	return ""
}
