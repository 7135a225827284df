// Package budget holds retries under a deadline made in the same
// function: each finding beside the twin that fits.
package budget

import (
	"context"
	"errors"
	"net/http"
	"time"

	backoff "github.com/cenkalti/backoff/v5"
	"github.com/hashicorp/go-retryablehttp"
)

func call(ctx context.Context) error { return errors.New("x") }

// The design guidance's arithmetic: 3 x 30s attempts and 2s waits do not
// fit in a minute.
func overBudget(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry can take 30s \+ 2s \+ 30s \+ 2s \+ 30s = 1m34s but its context has a 1m0s deadline: the second attempt can be cut short and the third never runs; shorten the per-attempt timeout or the waits, or drop an attempt`
		actx, c := context.WithTimeout(ctx, 30*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// The twin: a per-attempt timeout that divides the budget.
func fits(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 15*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// The deadline is made with WithDeadline(now + d).
func overDeadline(ctx context.Context) error {
	ctx, cancel := context.WithDeadline(ctx, time.Now().Add(20*time.Second))
	defer cancel()
	_, err := backoff.Retry(ctx, func() (struct{}, error) { // want `retry can take 10s \+ 1s \+ 10s \+ 1s \+ 10s = 32s but its context has a 20s deadline`
		actx, c := context.WithTimeout(ctx, 10*time.Second)
		defer c()
		return struct{}{}, call(actx)
	}, backoff.WithMaxTries(3), backoff.WithBackOff(backoff.NewConstantBackOff(time.Second)))
	return err
}

// A deadline the retry does not use is not its budget; the retry runs
// on the caller's context.
func otherContext(ctx context.Context) error { // want otherContext:`budget\(ctx 0, retry loop 30s \+ 2s \+ 30s \+ 2s \+ 30s = 1m34s\)`
	short, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	_ = call(short)
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 30*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// The attempts have no timeout of their own: the first that hangs uses
// all of the 10s.
func attemptUsesBudget(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry's attempts have no timeout of their own under a 10s deadline: a first attempt that hangs uses the whole budget and no retry runs; give each attempt its own context.WithTimeout under 2.667s \(the budget less the waits, over 3 attempts\)`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A per-attempt timeout as long as the budget is no better.
func attemptTimeoutTooLong(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 2; i++ { // want `retry gives each attempt 10s but its context has a 10s deadline: the first slow attempt uses the whole budget`
		actx, c := context.WithTimeout(ctx, 10*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
	}
	return err
}

// The attempt calls a function of the package that bounds itself.
func boundedHelper(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = selfBounded(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func selfBounded(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return call(ctx)
}

// The client's Timeout bounds each attempt, not the retry.
func clientTimeout(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	client := &http.Client{Timeout: 10 * time.Second}
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return err
	}
	for i := 0; i < 2; i++ { // want `retry can take 10s \+ 1s \+ 10s = 21s \(the http.Client's Timeout bounds each attempt, not the retry\) but its context has a 15s deadline`
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("failed")
}

// retryablehttp: 4 attempts of 10s and 1s + 2s + 4s of waits against 30s.
func retryable(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.HTTPClient.Timeout = 10 * time.Second
	req, err := retryablehttp.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return err
	}
	_, err = rc.Do(req) // want `retry can take 10s \+ 1s \+ 10s \+ 2s \+ 10s \+ 4s \+ 10s = 47s \(the http.Client's Timeout bounds each attempt, not the retry\) but its context has a 30s deadline: the third attempt can be cut short and the fourth never runs`
	return err
}

// The twin: 2 attempts of 10s fit in 30s.
func retryableFits(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	rc := retryablehttp.NewClient()
	rc.RetryMax = 1
	rc.HTTPClient.Timeout = 10 * time.Second
	req, err := retryablehttp.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return err
	}
	_, err = rc.Do(req)
	return err
}

// Unknown terms: a wait from a parameter, a per-attempt timeout that
// fits; the known terms alone do not exceed the deadline.
func unknownTerm(ctx context.Context, wait time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 15*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		time.Sleep(wait)
	}
	return err
}

// The known terms alone exceed the deadline: quiet no longer.
func knownTermsExceed(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var err error
	d := time.Second
	for i := 0; i < 4; i++ { // want `retry waits \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? >= 7s but its context has a 5s deadline: the fourth attempt never starts`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(d)
		d *= 2
	}
	return err
}

// A failover whose attempts follow at once retries fast failures (a
// stale connection), not slow ones: no attempt-uses-budget.
func failover(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 2; i++ {
		if err = call(ctx); !errors.Is(err, errBadConn) {
			return err
		}
	}
	return err
}

var errBadConn = errors.New("bad connection")

// The attempt does not use the context: its deadline does not bound the
// attempt at all (nodeadline's business), only the retry's waits.
func attemptIgnoresContext(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err := backoff.Retry(ctx, func() (int, error) { return 0, op() }, backoff.WithMaxTries(3))
	return err
}

func op() error { return errors.New("x") }
