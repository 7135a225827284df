package unboundedbackoff

import (
	"time"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/catalog"
)

// Where a missing jitter matters. Jitter spreads out in time the retries
// of clients that failed together; without it they come back as one wave
// per attempt. The retry literature ties the harm to the number of waves
// and to how long they go on: the AWS Architecture Blog's "Exponential
// Backoff and Jitter" shows unjittered backoff keeping the contending
// clients clustered round after round, the Google SRE book ("Addressing
// Cascading Failures") asks for randomized backoff because retry ripples
// that line up amplify themselves, and gRPC jitters every connection
// backoff (jitter 0.2) because a reconnect loop never ends. A retry that
// gives up after a few attempts with a short fixed wait makes at most a
// few waves a fraction of a second apart: jitter could only spread each
// wave over that short wait, and the load such a retry adds (one call per
// attempt) is the same with or without it, a matter for retrybudget. So,
// by default, no-jitter is reported when the retry
//
//   - has no visible attempt limit (it stops only on a context, a clock
//     or never, so the waves go on as long as the outage), or
//   - makes more than hintAttempts attempts, or
//   - waits more than hintWaiting in all, or
//   - waits a growing delay (the author backs off against an overload,
//     the case the literature is about), or one whose shape is unknown;
//
// and a short fixed retry (at most hintAttempts attempts, at most
// hintWaiting of waiting) is a hint, reported only with
// -unboundedbackoff.strict-jitter: the start-up pings and deadlock
// retries of the application corpus, 3 to 5 attempts a fixed 200ms to 5s
// apart.
//
//	for i := 0; i < 3; i++ {        // a hint: 2 waves 200ms apart
//		if err = tx(); err == nil {
//			return nil
//		}
//		time.Sleep(200 * time.Millisecond)
//	}
//	for {                            // reported: waves for as long as it fails
//		if err = readCursor(ctx); err == nil { ... }
//		time.Sleep(time.Second)
//	}
const (
	// hintAttempts is the most attempts of a hint: gRPC's retry policy
	// caps maxAttempts at 5, and retry libraries default to 3 to 5
	// (client-go's DefaultRetry makes 5, the AWS SDK's standard
	// retryer 3).
	hintAttempts = 5
	// hintWaiting is the most waiting, all waits added, of a hint.
	hintWaiting = 30 * time.Second
)

// jitterHint reports a retry whose missing jitter is only a hint: a
// fixed wait, a visible limit of at most hintAttempts attempts and at
// most hintWaiting of waiting when the wait is known.
func (c *checker) jitterHint(site *retryscan.Site) bool {
	if c.cfg.StrictJitter {
		return false
	}
	d, n := site.Delay(), site.Bound().Attempts
	if d.Kind != catalog.DelayConstant || n <= 0 || n > hintAttempts {
		return false
	}
	return d.Initial <= 0 || time.Duration(n-1)*d.Initial <= hintWaiting
}
