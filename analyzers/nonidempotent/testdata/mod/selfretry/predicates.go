package selfretry

import (
	"context"
	"log"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Helpers that retry only the methods a predicate of the package, or a
// test of the method, lets through: by sending the others once before
// the retry, or by giving them a count of one on the way to the loop.

func isIdempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete, http.MethodOptions:
		return true
	}
	return false
}

func readOnly(method string) bool {
	return method == http.MethodGet || method == http.MethodHead
}

var replayable = map[string]bool{http.MethodGet: true, http.MethodPut: true}

func (a *API) replays(method string) bool {
	_, ok := replayable[method]
	return ok
}

// safeToRetry is wrong: it lets a POST through.
func safeToRetry(method string) bool {
	return method != http.MethodPatch
}

// Send sends what isIdempotent refuses once, and retries the rest.
func (a *API) Send(ctx context.Context, method, path string) error { // want Send:`nonidempotent\(an HTTP request via API.once, method of argument 2, not DELETE\|GET\|HEAD\|OPTIONS\|PUT\)`
	if !isIdempotent(method) {
		return a.once(ctx, method, path)
	}
	return a.Retried(ctx, method, path)
}

// Replay asks a method with a map lookup.
func (a *API) Replay(ctx context.Context, method, path string) error { // want Replay:`nonidempotent\(an HTTP request via API.once, method of argument 2, not GET\|PUT\)`
	if a.replays(method) {
		return a.Retried(ctx, method, path)
	}
	return a.once(ctx, method, path)
}

// Twin: the predicate lets a POST through to the retry.
func (a *API) SendLoose(ctx context.Context, method, path string) error { // want SendLoose:`nonidempotent\(an HTTP request via API.Retried -> API.once, method of argument 2, retried by API.Retried, not PATCH\)`
	if !safeToRetry(method) {
		return a.once(ctx, method, path)
	}
	return a.Retried(ctx, method, path)
}

// Twin: the test only logs; every method reaches the retry.
func (a *API) SendLogged(ctx context.Context, method, path string) error { // want SendLogged:`nonidempotent\(an HTTP request via API.Retried -> API.once, method of argument 2, retried by API.Retried\)`
	if !isIdempotent(method) {
		log.Printf("retrying a %s", method)
	}
	return a.Retried(ctx, method, path)
}

// Do makes one attempt for what readOnly refuses.
func (a *API) Do(ctx context.Context, method, path string) error { // want Do:`nonidempotent\(an HTTP request via API.once, method of argument 2\)`
	tries := 3
	if !readOnly(method) {
		tries = 1
	}
	var err error
	for attempt := 1; attempt <= tries; attempt++ {
		if err = a.once(ctx, method, path); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
	}
	return err
}

// Write makes one attempt for a POST or a PATCH, and retries the rest.
func (a *API) Write(ctx context.Context, method, path string) error { // want Write:`nonidempotent\(an HTTP request via API.once, method of argument 2, retried by API.Write, not PATCH\|POST\)`
	tries := 4
	if method == http.MethodPost || method == http.MethodPatch {
		tries = 1
	}
	var err error
	for i := 0; i < tries; i++ {
		if err = a.once(ctx, method, path); err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// Twin: one attempt for a GET only.
func (a *API) Poll(ctx context.Context, method, path string) error { // want Poll:`nonidempotent\(an HTTP request via API.once, method of argument 2, retried by API.Poll, not GET\)`
	tries := 4
	if method == http.MethodGet {
		tries = 1
	}
	var err error
	for i := 0; i < tries; i++ {
		if err = a.once(ctx, method, path); err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// Twin: the count changes after the loop starts, and still allows a
// second attempt.
func (a *API) Again(ctx context.Context, method, path string) error { // want Again:`nonidempotent\(an HTTP request via API.once, method of argument 2, retried by API.Again\)`
	tries := 4
	var err error
	for i := 0; i < tries; i++ {
		if err = a.once(ctx, method, path); err == nil {
			return nil
		}
		if !isIdempotent(method) {
			tries = 2
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// Fetch builds and sends the request in its loop, once for what
// isIdempotent refuses.
func (a *API) Fetch(ctx context.Context, method, path string) error { // want Fetch:`nonidempotent\(an HTTP request, method of argument 2\)`
	n := 5
	if !isIdempotent(method) {
		n = 1
	}
	var err error
	for i := 0; i < n; i++ {
		req, rerr := http.NewRequestWithContext(ctx, method, a.base+path, nil)
		if rerr != nil {
			return rerr
		}
		resp, derr := a.hc.Do(req)
		if err = derr; err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func (a *API) Orders(ctx context.Context) {
	a.Send(ctx, http.MethodPost, "/orders")
	a.Replay(ctx, http.MethodPost, "/orders")
	a.SendLoose(ctx, http.MethodPost, "/orders")  // want `API.Retried retries \(through API.SendLoose\) API.once, which sends an HTTP POST`
	a.SendLogged(ctx, http.MethodPost, "/orders") // want `API.Retried retries \(through API.SendLogged\) API.once, which sends an HTTP POST`
	a.Do(ctx, http.MethodPost, "/orders")
	a.Write(ctx, http.MethodPost, "/orders")
	a.Write(ctx, "LOCK", "/orders/1")        // want `API.Write retries API.once, which sends an HTTP LOCK`
	a.Poll(ctx, http.MethodPost, "/orders")  // want `API.Poll retries API.once, which sends an HTTP POST`
	a.Again(ctx, http.MethodPost, "/orders") // want `API.Again retries API.once, which sends an HTTP POST`
	a.Fetch(ctx, http.MethodPost, "/orders")
}

// A retry around Do repeats the single attempt Do makes of a POST.
func (a *API) OrdersAgain(ctx context.Context) error {
	return backoff.Retry(func() error {
		return a.Do(ctx, http.MethodPost, "/orders") // want `retry wraps API.Do, which sends an HTTP POST`
	}, backoff.NewExponentialBackOff())
}
