// Package handed retries with a helper of its own that runs, as its
// attempt, the function its caller hands in, waiting 500ms doubling
// between five attempts (7.5s in all). What bounds one attempt is
// written at each call, in the function it passes, and is read there:
// the helper's loop shows none, which is no proof that there is none.
package handed

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errBusy = errors.New("resource exhausted")

type policy struct {
	initial     time.Duration
	maxInterval time.Duration
	maxAttempts int
}

var defaultPolicy = policy{initial: 500 * time.Millisecond, maxInterval: 10 * time.Second, maxAttempts: 5}

func throttleRetry(ctx context.Context, op func(context.Context) error, p policy) error { // want throttleRetry:`budget\(ctx 0, retry loop \? \+ 500ms \+ \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? >= 7.5s\)`
	var err error
	next := p.initial
	for attempt := 1; ; attempt++ {
		if err = op(ctx); err == nil || !errors.Is(err, errBusy) {
			return err
		}
		if attempt >= p.maxAttempts {
			return err
		}
		t := time.NewTimer(next)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		next = min(next*2, p.maxInterval)
	}
}

func describe(ctx context.Context, hc *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		return errBusy
	}
	return nil
}

// Each attempt has 2s of its own: 5 x 2s + 7.5s = 17.5s under 10s.
func Slow(ctx context.Context, hc *http.Client, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return throttleRetry(ctx, func(ctx context.Context) error { // want `throttleRetry's retry \(retry loop\) can take 2s \+ 500ms \+ 2s \+ 1s \+ 2s \+ 2s \+ 2s \+ 4s \+ 2s = 17.5s but its context has a 10s deadline: the fourth attempt can be cut short and the fifth never runs`
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		return describe(actx, hc, url)
	}, defaultPolicy)
}

// The twin: 400ms each, 5 x 400ms + 7.5s = 9.5s, fits.
func Quick(ctx context.Context, hc *http.Client, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return throttleRetry(ctx, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 400*time.Millisecond)
		defer cancel()
		return describe(actx, hc, url)
	}, defaultPolicy)
}

// Each attempt sends with a client of 200ms: 8.5s, fits. Read in the
// helper alone, the attempt looked unbounded.
func Client(ctx context.Context, url string) error {
	hc := &http.Client{Timeout: 200 * time.Millisecond}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return throttleRetry(ctx, func(ctx context.Context) error {
		return describe(ctx, hc, url)
	}, defaultPolicy)
}

// A client with no Timeout: one hung attempt uses all 10s.
func Hang(ctx context.Context, url string) error {
	hc := &http.Client{}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return throttleRetry(ctx, func(ctx context.Context) error { // want `throttleRetry's retry \(retry loop\)'s attempts have no timeout of their own under a 10s deadline`
		return describe(ctx, hc, url)
	}, defaultPolicy)
}

// A client handed in: its Timeout cannot be read, and nothing is said.
func Given(ctx context.Context, hc *http.Client, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return throttleRetry(ctx, func(ctx context.Context) error {
		return describe(ctx, hc, url)
	}, defaultPolicy)
}

// A function between the deadline and the helper reads the attempt it
// hands in, and carries the summary with it.
func slowAll(ctx context.Context, url string) error { // want slowAll:`budget\(ctx 0, retry loop 2s \+ 500ms .* = 17.5s, in throttleRetry\)`
	hc := &http.Client{}
	return throttleRetry(ctx, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		return describe(actx, hc, url)
	}, defaultPolicy)
}

func SlowVia(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return slowAll(ctx, url) // want `slowAll's retry \(retry loop, in throttleRetry\) can take .* = 17.5s but its context has a 10s deadline`
}

func clientAll(ctx context.Context, url string) error { // want clientAll:`budget\(ctx 0, retry loop 200ms \+ 500ms .* = 8.5s, in throttleRetry\)`
	hc := &http.Client{Timeout: 200 * time.Millisecond}
	return throttleRetry(ctx, func(ctx context.Context) error {
		return describe(ctx, hc, url)
	}, defaultPolicy)
}

func ClientVia(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return clientAll(ctx, url)
}
