package retrybudget

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// checkSite compares a retry site with its own limits and with the
// deadline around it, or summarizes it for callers when it runs on a
// context parameter.
func (c *checker) checkSite(site *retryscan.Site) {
	if site.Kind() == retryscan.KindRetrier || site.Bound().Attempts == 1 {
		return // a retrier's retry is checked where it is, through its fact
	}
	w := site.WorstCase()
	c.ownLimit(site, w)
	fd := c.funcDecl(site.Node())
	if fd == nil {
		return
	}
	lim := limitOf(site, w)
	if b, ok := c.deadlineOf(fd, site.Node(), site, func(ctx ssa.Value) bool { return reaches(ctx, site.Node()) }); ok {
		c.compareLimit(site.Pos(), "", lim, b)
		c.compare(site.Pos(), refOf(site), w, b, c.attemptUnbounded(site, w) && c.attemptOn(site, b.ctx))
		return
	}
	if b, ok := c.transportBudget(fd); ok {
		// the clients' Timeout (transport.go): over-budget only; whether
		// a hanging attempt would have been retried at all (a transport
		// that retries only a 429) is not asked here
		c.compare(site.Pos(), refOf(site), w, b, false)
		return
	}
	// A summary for callers: asked of the engine only when the worst
	// case is worth comparing with a caller's deadline.
	fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok || c.local[fn] != nil || !hasContextParam(fn) && !c.roundTripHelper(fd, fn) {
		return
	}
	attemptUnbounded := c.attemptUnbounded(site, w) || c.handedParam(fn, site, w) > 0
	if !worth(w, site.Bound().Attempts, attemptUnbounded) && lim.d == 0 {
		return
	}
	i, p := c.ctxParam(fd, site, false)
	req := false
	if i < 0 {
		if c.roundTripHelper(fd, fn) {
			i, p = c.ctxParam(fd, site, true) // transport.go
			req = i >= 0
		}
	}
	if i >= 0 {
		unbounded := attemptUnbounded && c.attemptOn(site, p) && !req
		op := c.handedParam(fn, site, w)
		if op > 0 {
			// the attempt is the caller's function: the loop adds no
			// timeout, and the call says whether the function does
			unbounded = waits(site.Delay()) && c.res.AttemptBoundsNothing(site.BodyBlock()) && c.attemptOn(site, p)
		}
		if worth(w, site.Bound().Attempts, unbounded) || lim.d > 0 {
			f := newFact(i, site, w, unbounded, lim)
			f.Op, f.Req = op, req
			c.local[fn] = f
		}
	}
}

// hasContextParam reports whether one of fn's parameters is a
// context.Context.
func hasContextParam(fn *types.Func) bool {
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if isContext(params.At(i).Type()) {
			return true
		}
	}
	return false
}

// worth says a worst case has something to compare with a caller's
// deadline: a known sum, or attempts with no timeout of their own.
func worth(w retryscan.WorstCase, attempts int, unbounded bool) bool {
	return (w.Attempts > 1 && w.Total() > 0) || ((attempts > 1 || attempts == catalog.AttemptsUnbounded) && unbounded)
}

// attemptUnbounded reports whether nothing visible bounds one attempt:
// no timeout in the attempt body, and no function of this package the
// attempt calls makes one. A retry whose attempts follow at once is a
// failover on fast failures (database/sql's retry on a bad pooled
// connection), not a wait for a slow dependency to recover: a hung
// attempt is not what it retries, and it is not counted; nor is a retry
// whose delay is not known to wait (a wrapper's).
func (c *checker) attemptUnbounded(site *retryscan.Site, w retryscan.WorstCase) bool {
	if w.Timeout != retryscan.TimeoutNone || !waits(site.Delay()) {
		return false
	}
	body := site.BodyBlock()
	if body == nil {
		return site.Kind() == retryscan.KindClient // retryablehttp with no HTTPClient.Timeout
	}
	return c.res.AttemptBoundsNothing(body)
}

// waits reports whether a delay is known to wait between attempts.
func waits(d retryscan.Delay) bool {
	switch d.Kind {
	case catalog.DelayConstant, catalog.DelayExponential, catalog.DelayLinear:
		return true
	case catalog.DelayUnknown:
		return len(d.Waits) > 0
	}
	return false
}

// retryRef is the retry compare judges, at its site or through a call.
type retryRef struct {
	// who names the retry when it is reached through a call ("fetch's
	// retry"), "" at the site.
	who string
	// bound is the site's Bound.Attempts.
	bound int
	// grpc marks gRPC's own retries (a service config's retryPolicy),
	// whose attempts cannot be given a timeout of their own;
	// interceptor a retry interceptor's, whose attempts get one from
	// retry.WithPerRetryTimeout, not from the caller's context; handmade
	// names the interceptors written by hand that retry it, whose
	// attempts get one in their own body.
	grpc, interceptor bool
	handmade          []string
}

// refOf returns the reference to a site, as its own code sees it.
func refOf(site *retryscan.Site) retryRef {
	grpc := site.Kind() == retryscan.KindClient && retryscan.IsGRPCCall(site.Callee())
	return retryRef{bound: site.Bound().Attempts, grpc: grpc && site.GRPCPolicy(), interceptor: grpc && !site.GRPCPolicy(),
		handmade: site.GRPCInterceptors()}
}

// compare reports a worst case that cannot fit in the budget
// (over-budget), or attempts that can each use all of it
// (attempt-uses-budget).
func (c *checker) compare(pos token.Pos, r retryRef, w retryscan.WorstCase, b budget, unbounded bool) {
	subject, attempts := "retry", r.bound
	if r.who != "" {
		subject = r.who
	}
	tooLong := c.cfg.NoAttemptTimeout && w.TimeoutKnown() && w.AttemptTimeout >= b.d
	// The retry's own elapsed-time limit ends it before the deadline
	// (cenkalti's default MaxElapsedTime of 15m under a 30m context, with
	// 30s attempts): the attempts the deadline would cut never start, and
	// ownLimit says what does stop them.
	//
	//	bo := backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 101), ctx30m)
	ownFirst := w.MaxElapsed > 0 && w.MaxElapsed+w.AttemptTimeout < b.d
	if w.Attempts > 1 && w.Typical() > b.d && !tooLong && !ownFirst {
		verb := "can take"
		if !w.TimeoutKnown() && w.WaitsKnown {
			verb = "waits"
		}
		c.rep.Report(analysis.Diagnostic{
			Pos:      pos,
			Category: CategoryOverBudget,
			Message: fmt.Sprintf("%s %s %s%s but its context has a %s deadline: %s; shorten the per-attempt timeout or the waits, or drop an attempt",
				subject, verb, w.Terms(), perAttempt(w), b.d, consequence(w, b.d)),
			Related: []analysis.RelatedInformation{{Pos: b.at.Pos(), End: b.at.End(), Message: "the deadline"}},
		})
		return
	}
	if !c.cfg.NoAttemptTimeout || (attempts <= 1 && attempts != catalog.AttemptsUnbounded) {
		return
	}
	// A retry interceptor's attempts share the call's context, so a
	// context.WithTimeout around the call bounds them all at once: each
	// gets its own from retry.WithPerRetryTimeout.
	how := "its own context.WithTimeout"
	switch {
	case len(r.handmade) > 0:
		how = "a context.WithTimeout of its own around the invoker call in the interceptor " + strings.Join(r.handmade, ", ")
	case r.interceptor:
		how = "a timeout of its own with the retry interceptor's retry.WithPerRetryTimeout"
	}
	fix := fmt.Sprintf("give each attempt %s well under %s", how, b.d)
	if w.Attempts > 1 && w.Attempts <= 10 {
		if share := (b.d - w.WaitTotal()) / time.Duration(w.Attempts); share > 0 {
			fix = fmt.Sprintf("give each attempt %s under %s (the budget less the waits, over %d attempts)", how, share.Round(time.Millisecond), w.Attempts)
		}
	}
	if r.grpc {
		fix = "grpc-go's own retries (the service config's retryPolicy) run on the call's one deadline with no per-attempt timeout: " + grpcAttemptFix
	}
	var msg string
	switch {
	case unbounded:
		msg = fmt.Sprintf("%s's attempts have no timeout of their own under a %s deadline: a first attempt that hangs uses the whole budget and no retry runs; %s", subject, b.d, fix)
	case tooLong:
		msg = fmt.Sprintf("%s gives each attempt %s%s but its context has a %s deadline: the first slow attempt uses the whole budget and no retry runs; %s", subject, w.AttemptTimeout, perAttempt(w), b.d, fix)
	default:
		return
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: pos, Category: CategoryAttemptUsesBudget, Message: msg,
		Related: []analysis.RelatedInformation{{Pos: b.at.Pos(), End: b.at.End(), Message: "the deadline"}},
	})
}

// perAttempt says what bounds each attempt, when it is a client's
// Timeout: it bounds the attempt, not the retry.
func perAttempt(w retryscan.WorstCase) string {
	if w.Timeout == retryscan.TimeoutClient && w.TimeoutKnown() {
		return " (the http.Client's Timeout bounds each attempt, not the retry)"
	}
	return ""
}

// consequence names the first attempt the limit cuts short and the first
// that never starts, from the known terms (a lower bound: unknown terms
// only make it earlier). Under full jitter it counts the waits' average,
// half the nominal, and says "typically".
func consequence(w retryscan.WorstCase, limit time.Duration) string {
	s := consequenceAt(w, limit)
	if w.FullJitter {
		return "with full jitter the waits average half of that, and " + s + " in a typical run"
	}
	return s
}

func consequenceAt(w retryscan.WorstCase, limit time.Duration) string {
	var t time.Duration
	attempt := time.Duration(0)
	if w.TimeoutKnown() {
		attempt = w.AttemptTimeout
	}
	for i := 0; i < w.Attempts; i++ {
		if i > 0 {
			t += w.TypicalWait(i - 1)
		}
		if t >= limit {
			return fmt.Sprintf("the %s attempt never starts", ordinal(i+1))
		}
		t += attempt
		if t > limit {
			if i+1 < w.Attempts {
				return fmt.Sprintf("the %s attempt can be cut short and the %s never runs", ordinal(i+1), ordinal(i+2))
			}
			return fmt.Sprintf("the %s attempt can be cut short", ordinal(i+1))
		}
	}
	return "the last attempt never finishes"
}

func ordinal(n int) string {
	words := []string{"", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}
	if n > 0 && n < len(words) {
		return words[n]
	}
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// ownLimit reports a retry whose own arithmetic stops it before the
// attempts it promises: wait.Backoff reaching Cap before Steps, and an
// elapsed-time limit of the library (MaxElapsedTime, gax.WithTimeout, the
// Timeout of retryablehttp's StandardClient) shorter than the retry.
func (c *checker) ownLimit(site *retryscan.Site, w retryscan.WorstCase) {
	if w.Promised > w.Attempts && w.Attempts > 0 {
		c.rep.Report(analysis.Diagnostic{
			Pos:      site.Pos(),
			Category: CategoryOwnLimit,
			Message: fmt.Sprintf("%s promises %d steps but its Cap of %s is reached after %d attempts: Step then sets Steps to 0 and the other %d never run; raise Cap or lower Steps",
				site.Name(), w.Promised, w.Cap, w.Attempts, w.Promised-w.Attempts),
		})
		return
	}
	if w.MaxElapsed <= 0 || w.Attempts <= 1 || w.Typical() <= w.MaxElapsed {
		return
	}
	verb := "can take"
	if !w.TimeoutKnown() {
		verb = "waits"
	}
	d := analysis.Diagnostic{
		Pos:      site.Pos(),
		Category: CategoryOwnLimit,
		Message: fmt.Sprintf("%s %s %s but %s of %s stops the whole retry first: %s; raise the limit, or lower the attempts or the waits",
			site.Name(), verb, w.Terms(), w.ElapsedBy, w.MaxElapsed, consequence(w, w.MaxElapsed)),
	}
	if at := w.ElapsedAt; at != nil {
		d.Related = []analysis.RelatedInformation{{Pos: at.Pos(), End: at.End(), Message: "the limit"}}
		if fn := site.Func(); fn != nil && (at.Pos() < fn.Pos() || fn.End() <= at.Pos()) && analysisutil.FileOf(c.pass.Files, at.Pos()) != nil {
			// A constructor set the limit on the client it returns: the
			// defect is there, once, whichever calls use the client.
			if c.limits[at.Pos()] {
				return
			}
			c.limits[at.Pos()] = true
			d.Pos = at.Pos()
			d.Related = []analysis.RelatedInformation{{Pos: site.Pos(), End: site.Node().End(), Message: "the client retries here"}}
		}
	}
	c.rep.Report(d)
}
