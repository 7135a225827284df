// Package libshapes passes retry libraries operations and options of
// every callee shape: method values, package-level and local function
// values, closures in struct fields, generic instantiations, option
// values built by function values. The test runs the whole suite on it.
package libshapes

import (
	"context"
	"errors"
	"net/http"
	"time"

	retryv4 "github.com/avast/retry-go/v4"
	backoffv4 "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
)

type client struct {
	hc *http.Client
	op func() error
}

func (c *client) ping() error {
	resp, err := c.hc.Get("http://svc/ping")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func fetch[T any](context.Context) (T, error) {
	var zero T
	return zero, errors.New("x")
}

var (
	pingFn     = (*client).ping
	attemptsFn = retryv4.Attempts
	opVar      func() error
)

func methodValue(c *client) error { // want `retrier\(N via backoff.Retry\)`
	return backoffv4.Retry(c.ping, backoffv4.NewExponentialBackOff()) // want `site library "backoff.Retry" N attempts time`
}

func fieldClosure(c *client) error { // want `retrier\(N via backoff.Retry\)`
	return backoffv4.Retry(c.op, backoffv4.NewExponentialBackOff()) // want `site library "backoff.Retry" N attempts time`
}

func funcValues(c *client) error { // want `retrier\(10 via retry.Do\)`
	op := func() error { return pingFn(c) }
	if err := retryv4.Do(opVar, attemptsFn(3)); err != nil { // want `site library "retry.Do" 10 attempts$`
		return err
	}
	return retryv4.Do(op) // want `site library "retry.Do" 10 attempts$`
}

func generic(ctx context.Context) (string, error) { // want `retrier\(N via backoff.Retry\)`
	return backoffv5.Retry(ctx, func() (string, error) { return fetch[string](ctx) }, backoffv5.WithMaxElapsedTime(time.Minute)) // want `site library "backoff.Retry" N attempts ctx time`
}

func genericValue(ctx context.Context) (int, error) { // want `retrier\(N via backoff.Retry\)`
	get := fetch[int]
	return backoffv5.Retry(ctx, func() (int, error) { return get(ctx) }) // want `site library "backoff.Retry" N attempts ctx time`
}
