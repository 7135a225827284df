// Package rehttp retries with github.com/PuerkitoBio/rehttp v1.4.0's
// Transport: RetryMaxRetries(n) as one of RetryAll's conditions makes
// n+1 attempts, ConstDelay and ExpJitterDelay say the waits, and
// PerAttemptTimeout gives each attempt its own; the http.Client's Timeout
// spans the whole retry (PuerkitoBio/rehttp#1).
package rehttp

import (
	"context"
	"net/http"
	"time"

	"github.com/PuerkitoBio/rehttp"
)

func closed(resp *http.Response, err error) error {
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// 4 retries 3s apart under a client of 10s: the fifth attempt never
// starts.
func newSlowClient() *http.Client {
	tr := rehttp.NewTransport(nil,
		rehttp.RetryAll(rehttp.RetryMaxRetries(4), rehttp.RetryTimeoutErr()),
		rehttp.ConstDelay(3*time.Second))
	return &http.Client{Timeout: 10 * time.Second, Transport: tr} // want `rehttp.Transport waits \? \+ 3s \+ \? \+ 3s \+ \? \+ 3s \+ \? \+ 3s \+ \? >= 12s but the http.Client's Timeout of 10s stops the whole retry first: the fifth attempt never starts`
}

func Slow(ctx context.Context, url string) error { // want Slow:`budget\(ctx 0, rehttp.Transport \? \+ 3s .* >= 12s\)`
	hc := newSlowClient()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	return closed(hc.Do(req))
}

// The twin: 500ms apart, 2s of waits fit.
func newQuickClient() *http.Client {
	tr := rehttp.NewTransport(nil,
		rehttp.RetryAll(rehttp.RetryMaxRetries(4), rehttp.RetryTimeoutErr()),
		rehttp.ConstDelay(500*time.Millisecond))
	return &http.Client{Timeout: 10 * time.Second, Transport: tr}
}

func Quick(ctx context.Context, url string) error { // want Quick:`budget\(ctx 0, rehttp.Transport \? \+ 500ms .* >= 2s\)`
	hc := newQuickClient()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	return closed(hc.Do(req))
}

// A count among RetryAny's alternatives limits nothing: a 503 goes on
// retrying, and the attempts are unknown.
func newAnyClient() *http.Client {
	tr := rehttp.NewTransport(nil,
		rehttp.RetryAny(rehttp.RetryMaxRetries(4), rehttp.RetryStatuses(503)),
		rehttp.ConstDelay(3*time.Second))
	return &http.Client{Timeout: 10 * time.Second, Transport: tr}
}

func Any(ctx context.Context, url string) error {
	hc := newAnyClient()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	return closed(hc.Do(req))
}

// Full jitter: 1s doubling to 30s, 31s nominal, half of it on average.
func newJitterClient() *http.Client {
	tr := rehttp.NewTransport(nil,
		rehttp.RetryAll(rehttp.RetryMaxRetries(5), rehttp.RetryTimeoutErr()),
		rehttp.ExpJitterDelay(time.Second, 30*time.Second))
	return &http.Client{Timeout: 10 * time.Second, Transport: tr} // want `rehttp.Transport waits .* >= 31s but the http.Client's Timeout of 10s stops the whole retry first: with full jitter the waits average half of that`
}

func Jitter(ctx context.Context, url string) error { // want Jitter:`budget\(ctx 0, rehttp.Transport 6 x \? \+ 1s \+ 2s \+ 4s \+ 8s \+ 16s >= 31s\)`
	hc := newJitterClient()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	return closed(hc.Do(req))
}

// The twin: 100ms doubling to 1s, 2.5s at most.
func newShortJitterClient() *http.Client {
	tr := rehttp.NewTransport(nil,
		rehttp.RetryAll(rehttp.RetryMaxRetries(5), rehttp.RetryTimeoutErr()),
		rehttp.ExpJitterDelay(100*time.Millisecond, time.Second))
	return &http.Client{Timeout: 10 * time.Second, Transport: tr}
}

func ShortJitter(ctx context.Context, url string) error { // want ShortJitter:`budget\(ctx 0, rehttp.Transport 6 x \? .* >= 2.5s\)`
	hc := newShortJitterClient()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	return closed(hc.Do(req))
}

// pace/bricks#63: 9 retries 100ms apart, each attempt with no timeout of
// its own, under the caller's 35s.
type api struct{ hc *http.Client }

func newTransport() *rehttp.Transport {
	return rehttp.NewTransport(nil,
		rehttp.RetryAll(
			rehttp.RetryMaxRetries(9),
			rehttp.RetryAny(rehttp.RetryStatuses(502, 503, 504), rehttp.RetryTemporaryErr()),
		),
		rehttp.ConstDelay(100*time.Millisecond))
}

func newAPI() *api { return &api{hc: &http.Client{Transport: newTransport()}} }

func (a *api) post(ctx context.Context, url string) error { // want post:`budget\(ctx 0, rehttp.Transport .*\)`
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	return closed(a.hc.Do(req))
}

func Run(ctx context.Context, url string) error {
	a := newAPI()
	ctx, cancel := context.WithTimeout(ctx, 35*time.Second)
	defer cancel()
	return a.post(ctx, url) // want `api.post's retry \(rehttp.Transport\)'s attempts have no timeout of their own under a 35s deadline`
}

// The twin: each attempt has 3s (PerAttemptTimeout), 10 x 3s + 9 x 100ms
// = 30.9s fit.
type timedAPI struct{ hc *http.Client }

func newTimedTransport() *rehttp.Transport {
	t := rehttp.NewTransport(nil,
		rehttp.RetryAll(rehttp.RetryMaxRetries(9), rehttp.RetryTemporaryErr()),
		rehttp.ConstDelay(100*time.Millisecond))
	t.PerAttemptTimeout = 3 * time.Second
	return t
}

func newTimedAPI() *timedAPI { return &timedAPI{hc: &http.Client{Transport: newTimedTransport()}} }

func (a *timedAPI) post(ctx context.Context, url string) error { // want post:`budget\(ctx 0, rehttp.Transport 10 x 3s \+ 100ms .* = 30.9s\)`
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	return closed(a.hc.Do(req))
}

func RunTimed(ctx context.Context, url string) error {
	a := newTimedAPI()
	ctx, cancel := context.WithTimeout(ctx, 35*time.Second)
	defer cancel()
	return a.post(ctx, url)
}
