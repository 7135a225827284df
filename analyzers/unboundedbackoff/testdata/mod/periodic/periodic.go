// Package periodic holds periodic loops (docs/dev/app-shapes.md M7):
// the failure path that waits a fixed minute and tries again is a retry,
// and every client that failed together comes back in the same second;
// a loop that waits the same period whatever happens is a ticker.
package periodic

import (
	"context"
	"errors"
	"log"
	"math/rand/v2"
	"net/http"
	"time"
)

func rejoinAfter(resp *http.Response) time.Duration {
	if d, err := time.ParseDuration(resp.Header.Get("X-Rejoin")); err == nil {
		return d
	}
	return time.Hour
}

// rejoin re-registers with a pool server every period; failure, 429 and
// 500 try again in a fixed minute.
func rejoin(c *http.Client, url string) {
	for {
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			time.Sleep(time.Minute) // want `retry delay has no jitter: clients that failed together retry together; add random jitter`
			continue
		}
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			time.Sleep(rejoinAfter(resp))
			continue
		case http.StatusTooManyRequests, http.StatusInternalServerError:
			time.Sleep(time.Minute)
			continue
		case http.StatusUnauthorized:
			return
		}
	}
}

// rejoinJitter is its twin: the failure path's wait is jittered.
func rejoinJitter(c *http.Client, url string) {
	for {
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			time.Sleep(time.Minute/2 + rand.N(time.Minute))
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusUnauthorized {
			return
		}
		time.Sleep(rejoinAfter(resp))
	}
}

// refresh waits the same minute after success and failure, with no path
// of its own for failure: a ticker, not a retry, and quiet (nor is it
// reported for its missing bound: it is meant to run for good).
func refresh(c *http.Client, url string) {
	for {
		resp, err := c.Get(url)
		if err != nil {
			log.Print(err)
		} else {
			resp.Body.Close()
		}
		time.Sleep(time.Minute)
	}
}

var errReset = errors.New("reset backoff state")

// runF runs f every backoff(attempt) until it fails; f asks for a reset
// after progress, which runs it again at once (grpc's backoff.RunF). The
// reset's wait is zero, which jitter cannot spread; the other waits are
// the caller's.
func runF(ctx context.Context, f func() error, backoff func(int) time.Duration) {
	attempt := 0
	timer := time.NewTimer(0)
	for ctx.Err() == nil {
		select {
		case <-timer.C:
		case <-ctx.Done():
			timer.Stop()
			return
		}
		err := f()
		if errors.Is(err, errReset) {
			timer.Reset(0) // ok: no wait to spread
			attempt = 0
			continue
		}
		if err != nil {
			return
		}
		timer.Reset(backoff(attempt))
		attempt++
	}
}

// runFixed is its twin: the reset waits a fixed second.
func runFixed(ctx context.Context, f func() error, backoff func(int) time.Duration) {
	attempt := 0
	timer := time.NewTimer(0)
	for ctx.Err() == nil {
		select {
		case <-timer.C:
		case <-ctx.Done():
			timer.Stop()
			return
		}
		err := f()
		if errors.Is(err, errReset) {
			timer.Reset(time.Second) // want `retry delay has no jitter`
			attempt = 0
			continue
		}
		if err != nil {
			return
		}
		timer.Reset(backoff(attempt))
		attempt++
	}
}
