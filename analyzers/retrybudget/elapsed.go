package retrybudget

import (
	"fmt"
	"go/token"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
)

// A retry with no attempt limit runs until its elapsed-time limit, and
// that limit is the author's promise of how long it keeps trying:
//
//	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
//	defer cancel()
//	backoff.Retry(ctx, op, backoff.WithMaxElapsedTime(2*time.Minute))
//
// Under a 5s deadline the two minutes never apply: the deadline ends the
// retry, most likely in the middle of an attempt, and the libraries then
// return the context's error, not the last attempt's (cenkalti v4 and v5,
// failsafe-go). Only a limit the code sets counts: a library's default
// (cenkalti's 15 minutes) is no promise, and a limit whose value cannot
// be read stays unknown.

// elapsedLimit is an elapsed-time limit the code sets on a retry with no
// attempt limit: what bounds the retry.
type elapsedLimit struct {
	d  time.Duration
	by string // the option, for messages: "backoff.WithMaxElapsedTime"
}

// limitOf returns the elapsed-time limit of a site that only time bounds
// and that stops when its context is done, or the zero limit: attempts
// that are counted (or may be) end the retry first, no limit is set in
// the code, or the retry does not watch the context (its attempts then
// fail fast on the expired context until the limit: not this finding).
func limitOf(site *retryscan.Site, w retryscan.WorstCase) elapsedLimit {
	if !w.TimeOnly || !site.Bound().Ctx || w.MaxElapsed <= 0 || w.ElapsedAt == nil {
		return elapsedLimit{}
	}
	if e := site.Entry(); e != nil && e.LastErr {
		return elapsedLimit{} // terraform's RetryContext: the caller gets the last attempt's error
	}
	return elapsedLimit{w.MaxElapsed, w.ElapsedBy}
}

// compareLimit reports an elapsed-time limit longer than the deadline
// around the retry (over-budget).
func (c *checker) compareLimit(pos token.Pos, who string, lim elapsedLimit, b budget) {
	if lim.d <= b.d {
		return
	}
	subject := "retry"
	if who != "" {
		subject = who
	}
	c.rep.Report(analysis.Diagnostic{
		Pos:      pos,
		Category: CategoryOverBudget,
		Message: fmt.Sprintf("%s has no attempt limit and runs until %s of %s, but its context has a %s deadline: the limit never applies, the deadline ends the retry and the caller gets the context's error, not the last attempt's; set the limit under %s",
			subject, lim.by, lim.d, b.d, b.d),
		Related: []analysis.RelatedInformation{{Pos: b.at.Pos(), End: b.at.End(), Message: "the deadline"}},
	})
}
