// Package rt holds transports that decide to retry through something
// they are configured with: a list of statuses, a function value.
package rt

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"time"
)

// Listed retries a transport error and the statuses of its list, read
// through a predicate that ranges over the list (PostHog's terraform
// provider's middleware): a retry whose classes are unknown.
type Listed struct {
	Base      http.RoundTripper
	Retries   int
	Retryable []int
}

func NewListed() *Listed {
	return &Listed{Base: http.DefaultTransport, Retries: 3, Retryable: []int{429, 500, 502, 503, 504}}
}

func (t *Listed) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0, retries\)` RoundTrip:`resends`
	var resp *http.Response
	var err error
	for attempt := 0; attempt <= t.Retries; attempt++ {
		resp, err = t.Base.RoundTrip(req) // want `retry resends the caller's request whatever its method`
		retry := false
		if err != nil {
			retry = !errors.Is(err, context.Canceled)
		} else if t.isRetryable(resp.StatusCode) {
			retry = true
		}
		if !retry {
			return resp, err
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

func (t *Listed) isRetryable(code int) bool {
	for _, c := range t.Retryable {
		if c == code {
			return true
		}
	}
	return false
}

// Contains decides with slices.Contains in the loop itself.
type Contains struct {
	Base  http.RoundTripper
	Codes []int
}

func (t *Contains) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0, retries\)` RoundTrip:`resends`
	for attempt := 0; ; attempt++ {
		resp, err := t.Base.RoundTrip(req) // want `retry resends the caller's request whatever its method`
		if attempt == 3 || err == nil && !slices.Contains(t.Codes, resp.StatusCode) {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}

// Attempt is what Decided's function is handed.
type Attempt struct {
	Index    int
	Response *http.Response
	Error    error
}

// Decided asks a function value in a field whether to go round, as
// github.com/PuerkitoBio/rehttp's Transport does.
type Decided struct {
	Next  http.RoundTripper
	Retry func(Attempt) (bool, time.Duration)
}

func (t *Decided) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0, retries\)` RoundTrip:`resends`
	for attempt := 0; ; attempt++ {
		res, err := t.Next.RoundTrip(req) // want `retry resends the caller's request whatever its method`
		retry, delay := t.Retry(Attempt{Index: attempt, Response: res, Error: err})
		if !retry {
			return res, err
		}
		time.Sleep(delay)
	}
}

// Twin: the function value is handed the request too; it may retry only
// GETs (rehttp.RetryHTTPMethods), so which requests go round is not
// judged.
type MethodAware struct {
	Next  http.RoundTripper
	Retry func(req *http.Request, res *http.Response, err error) bool
}

func (t *MethodAware) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0, retries\)`
	for {
		res, err := t.Next.RoundTrip(req)
		if !t.Retry(req, res, err) {
			return res, err
		}
		time.Sleep(time.Second)
	}
}
