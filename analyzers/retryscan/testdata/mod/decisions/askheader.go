package decisions

import (
	"context"
	"log"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// A server may ask for a retry of a response it sends with a success
// status, in a header of its own: the Stainless-generated SDKs
// (openai-go, anthropic-sdk-go) honour x-should-retry before the status.
// Such a loop goes round on every failure, and on the successes the
// server asks to be retried: a retry.

func shouldRetryHeader(res *http.Response, err error) bool {
	if res == nil {
		return true
	}
	if res.Header.Get("x-should-retry") == "true" {
		return true
	}
	if res.Header.Get("x-should-retry") == "false" {
		return false
	}
	return res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500
}

func askedByHeader(hc *http.Client, req *http.Request) (*http.Response, error) { // want `retrier\(3 via retry loop\)`
	var res *http.Response
	var err error
	for n := 0; n < 3; n++ { // want `site loop "retry loop" 3 attempts`
		res, err = hc.Do(req)
		if !shouldRetryHeader(res, err) {
			break
		}
		time.Sleep(time.Second)
	}
	return res, err
}

// The same wish read inline, as a bool, with the vendor's header name.
func askedInline(hc *http.Client, req *http.Request) (*http.Response, error) { // want `retrier\(4 via retry loop\)`
	for i := 0; i < 4; i++ { // want `site loop "retry loop" 4 attempts`
		res, err := hc.Do(req)
		if err == nil {
			asks, _ := strconv.ParseBool(res.Header.Get("Stripe-Should-Retry"))
			if !asks && res.StatusCode < 500 {
				return res, nil
			}
			res.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil, errStatus
}

// A field of the response asks: a reply that carries a status and says
// whether to try again.
type reply struct {
	StatusCode int
	Retryable  bool
	Body       []byte
}

func call(ctx context.Context) (*reply, error) { return &reply{}, ctx.Err() }

func askedByField(ctx context.Context) (*reply, error) { // want `retrier\(3 via retry loop\)`
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		var r *reply
		if r, err = call(ctx); err == nil && !r.Retryable && r.StatusCode < 500 {
			return r, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// Look-alikes that go round on a success as a matter of course: polls.

// An async job answers 202 with a Retry-After until it is done: a wait,
// not a wish. Errors go round too, after the same wait (with a wait of
// their own it would be a periodic loop, periodic.go).
func pollAccepted(hc *http.Client, req *http.Request) (*http.Response, error) {
	for {
		wait := time.Second
		res, err := hc.Do(req)
		if err == nil {
			if res.StatusCode != http.StatusAccepted {
				return res, nil
			}
			if secs, err := strconv.Atoi(res.Header.Get("Retry-After")); err == nil {
				wait = time.Duration(secs) * time.Second
			}
			res.Body.Close()
		}
		time.Sleep(wait)
	}
}

// Retry-After on any answer sends the loop round: still a wait to honour.
func pollRetryAfter(hc *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 30; i++ {
		res, err := hc.Do(req)
		if err == nil {
			if res.Header.Get("Retry-After") == "" {
				return res, nil
			}
			res.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil, errStatus
}

// A state in a header or the body says "pending".
func pollStateHeader(hc *http.Client, req *http.Request) error {
	for {
		res, err := hc.Do(req)
		if err == nil && !strings.EqualFold(res.Header.Get("X-Job-State"), "running") {
			return nil
		}
		time.Sleep(time.Second)
	}
}

type job struct {
	StatusCode int
	State      string
}

func getJob(ctx context.Context) (*job, error) { return &job{}, ctx.Err() }

func pollJob(ctx context.Context) (*job, error) {
	for {
		j, err := getJob(ctx)
		if err != nil || j.State == "pending" {
			time.Sleep(time.Second)
			continue
		}
		return j, nil
	}
}

// Only the server's wish sends it round: every failure leaves. That is
// no retry of failures.
func onlyAsked(hc *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		res, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		if res.Header.Get("X-Should-Retry") != "true" {
			return res, nil
		}
		res.Body.Close()
		time.Sleep(time.Second)
	}
	return nil, errStatus
}

// A long attempt: every way closes what it opened and logs what it was
// told to. Its conditions do not depend on the outcome and their ways
// meet again at once, so the walk that decides follows one way of each
// (engine/coarse.go) and does not run out of ways.
type tidyOpts struct{ Verbose, Trace, Count, Dump, Metrics, Audit bool }

func tidy(ctx context.Context, send func(*http.Request) error, base *http.Request, o *tidyOpts) error { // want `wrapper\(param=1, 3 attempts via retry loop\)` `retrier\(3 via retry loop\)`
	var err error
	for n := 0; n < 3; n++ { // want `site loop "retry loop" 3 attempts`
		req := base.Clone(ctx)
		if o.Count {
			req.Header.Set("X-Attempt", strconv.Itoa(n))
		}
		if o.Trace {
			req.Header.Set("X-Trace", "1")
		}
		if o.Dump {
			log.Printf("request %s", req.URL)
		}
		body := req.Body
		err = send(req)
		if err != nil {
			if req.Body != nil {
				_ = req.Body.Close()
			}
			if body != nil {
				_ = body.Close()
			}
		}
		if o.Verbose {
			log.Printf("attempt %d: %v", n, err)
		}
		if err == nil {
			return nil
		}
		if o.Metrics {
			log.Printf("metric: attempt %d failed", n)
		}
		if o.Audit {
			log.Printf("audit: retrying")
		}
		time.Sleep(time.Second)
	}
	return err
}
