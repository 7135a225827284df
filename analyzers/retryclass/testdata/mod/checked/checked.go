package checked

import (
	"context"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"

	"example.com/retryclasstest/checked/httpcheck"
)

// Operations that return what a checker of another package says of the
// response, with no branch of their own: the checker's fact says which
// statuses fail, so a 404 that fails goes round.

func newBackOff(ctx context.Context) backoff.BackOff {
	return backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx)
}

func put(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
	if err != nil {
		return nil, backoff.Permanent(err)
	}
	return c.Do(req)
}

func publish(ctx context.Context, c *http.Client, url string) error {
	return backoff.Retry(func() error {
		resp, err := put(ctx, c, url)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return httpcheck.CheckResponse(resp) // want `backoff.Retry retries HTTP 4xx responses such as 404 \(httpcheck.CheckResponse\(resp\) returns an error for them\)`
	}, newBackOff(ctx))
}

// The status alone, through a variable.
func publishStatus(ctx context.Context, c *http.Client, url string) error {
	return backoff.Retry(func() error {
		resp, err := put(ctx, c, url)
		if err != nil {
			return err
		}
		err = httpcheck.CheckStatus(resp.StatusCode) // want `backoff.Retry retries HTTP 4xx responses such as 404 \(httpcheck.CheckStatus\(resp.StatusCode\) returns an error for them\)`
		resp.Body.Close()
		return err
	}, newBackOff(ctx))
}

// A method, and a checker with a result beside its error.
func publishMethod(ctx context.Context, c *http.Client, hc *httpcheck.Client, url string) error {
	return backoff.Retry(func() error {
		resp, err := put(ctx, c, url)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return hc.Check(resp) // want `backoff.Retry retries HTTP 4xx responses such as 404 \(hc.Check\(resp\) returns an error for them\)`
	}, newBackOff(ctx))
}

func fetch(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	return retry.DoWithData(func() ([]byte, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, retry.Unrecoverable(err)
		}
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		return httpcheck.ReadBody(resp) // want `retry.DoWithData retries HTTP 4xx responses such as 404`
	}, retry.Context(ctx), retry.Attempts(4))
}

// A loop of its own that leaves when the checker says nil.
func poll(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 4; i++ {
		var resp *http.Response
		resp, err = put(ctx, c, url)
		if err == nil {
			err = httpcheck.CheckResponse(resp)
			resp.Body.Close()
			if err == nil { // want `retry loop retries HTTP 4xx responses such as 404`
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second << i):
		}
	}
	return err
}

// Negative twins. The checker makes 4xx permanent: quiet.
func publishPermanent(ctx context.Context, c *http.Client, url string) error {
	return backoff.Retry(func() error {
		resp, err := put(ctx, c, url)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return httpcheck.CheckPermanent(resp)
	}, newBackOff(ctx))
}

// The checker makes 400 permanent and fails the other 4xx: a library's
// error is no more than unknown in the fact, and an unknown 400 keeps
// the whole retry quiet (in its own package it is read, helper.go of
// package status).
func publishBadRequest(ctx context.Context, c *http.Client, url string) error {
	return backoff.Retry(func() error {
		resp, err := put(ctx, c, url)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return httpcheck.CheckBadRequest(resp)
	}, newBackOff(ctx))
}

// The checker fails only 5xx and 429: a 404 succeeds, quiet.
func publishServer(ctx context.Context, c *http.Client, url string) error {
	return backoff.Retry(func() error {
		resp, err := put(ctx, c, url)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return httpcheck.CheckServer(resp)
	}, newBackOff(ctx))
}

func pollServer(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 4; i++ {
		var resp *http.Response
		resp, err = put(ctx, c, url)
		if err == nil {
			err = httpcheck.CheckServer(resp)
			resp.Body.Close()
			if err == nil {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second << i):
		}
	}
	return err
}

// The checker's answer is set at run time: unknown, quiet.
func publishPolicy(ctx context.Context, c *http.Client, url string) error {
	return backoff.Retry(func() error {
		resp, err := put(ctx, c, url)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return httpcheck.CheckPolicy(resp)
	}, newBackOff(ctx))
}
