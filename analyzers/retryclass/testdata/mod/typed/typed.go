// Package typed holds retries whose decisions are made by the package's
// own classifiers and error types, each beside the look-alike that stops.
package typed

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

var errGone = errors.New("gone")

// HTTPError is the package's own error for an answer that is not 2xx.
type HTTPError struct {
	StatusCode int
}

func (e *HTTPError) Error() string { return fmt.Sprintf("status %d", e.StatusCode) }

// OpError wraps what went wrong under an operation's name: it may hold a
// context error.
type OpError struct {
	Op  string
	Err error
}

func (e *OpError) Error() string { return e.Op + ": " + e.Err.Error() }
func (e *OpError) Unwrap() error { return e.Err }

// send makes one request: a transport error as it is, a status other
// than 2xx as an *HTTPError.
func send(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return &HTTPError{StatusCode: resp.StatusCode}
	}
	return nil
}

// retryable is the package's classifier: every answer but 2xx.
func retryable(resp *http.Response, err error) bool {
	if err != nil {
		return true
	}
	return resp.StatusCode >= 300
}

// transient is the classifier that stops on 4xx but 429.
func transient(resp *http.Response, err error) bool {
	if err != nil {
		return true
	}
	return resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests
}

// The classifier sends a 404 round with the 503s.
func classified(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req)
		if !retryable(resp, err) { // want `retry loop retries HTTP 4xx responses such as 404 \(!retryable\(resp, err\) fails for them\): a client error does not change on retry`
			return resp, nil
		}
		if resp != nil {
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil, errGone
}

// The same loop with a classifier that stops on 4xx: no permanent-status
// finding, but it answers 429 with its own delay.
func classifiedTransient(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req)
		if !transient(resp, err) { // want `retry loop answers HTTP 429 \(transient\(resp, err\) retries it\) with its own delay and never reads Retry-After`
			return resp, err
		}
		if resp != nil {
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil, errGone
}

// A typed error read for one status: 400 stops, the other 4xx go round.
func typedOne(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 4; i++ {
		err := send(ctx, c, url)
		if err == nil { // want `retry loop retries HTTP 4xx responses such as 404 \(it stops on 400 only, the other 4xx go round\)`
			return nil
		}
		var he *HTTPError
		if errors.As(err, &he) && he.StatusCode == http.StatusBadRequest {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(time.Second)
	}
	return errGone
}

// The same typed error read for 4xx: no permanent-status finding, but
// it answers 429 with its own delay.
func typedRange(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 4; i++ {
		err := send(ctx, c, url)
		if err == nil {
			return nil
		}
		var he *HTTPError
		if errors.As(err, &he) && he.StatusCode < 500 && he.StatusCode != http.StatusTooManyRequests { // want `retry loop answers HTTP 429 with its own delay and never reads Retry-After`
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(time.Second)
	}
	return errGone
}

// A context error is never an *HTTPError: once ctx is done, errors.As
// says no and the loop sleeps on.
func typedCancel(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 4; i++ {
		err := send(ctx, c, url)
		if err == nil {
			return nil
		}
		var he *HTTPError
		if errors.As(err, &he) && he.StatusCode < 500 && he.StatusCode != http.StatusTooManyRequests { // want `retry loop answers HTTP 429 with its own delay and never reads Retry-After`
			return err
		}
		time.Sleep(time.Second) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 3 more attempts over 3s`
	}
	return errGone
}

// get wraps every failure in an *OpError.
func get(ctx context.Context, c *http.Client, url string) error {
	if err := send(ctx, c, url); err != nil {
		return &OpError{Op: "get", Err: err}
	}
	return nil
}

// An *OpError may hold the context's error (get wraps it): errors.As
// may say yes, and the loop may stop, or not. Not said to go on; its
// wait, short as it is, is reported, as the loop is not seen to stop.
func wrappedCancel(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 4; i++ {
		err := get(ctx, c, url)
		if err == nil {
			return nil
		}
		var oe *OpError
		if errors.As(err, &oe) {
			return err
		}
		time.Sleep(time.Second) // want `a caller that gives up still waits up to 1s and the loop may go on after it`
	}
	return errGone
}
