package wrapper

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"example.com/retryclasstest/wrapper/lib"
)

// A retry wrapper that takes its classifier as a parameter: the caller's
// classifier and operation decide together, as with retry.OnError.
func retryWith(ctx context.Context, attempts int, isRetryable func(error) bool, op func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		if !isRetryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * 200 * time.Millisecond):
		}
	}
	return err
}

type httpStatusErr struct{ code int }

func (e *httpStatusErr) Error() string { return fmt.Sprintf("status %d", e.code) }

func fetchStatus(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return &httpStatusErr{code: resp.StatusCode}
	}
	return nil
}

// "Retry everything": what goes round is the operation's to say, and it
// fails on every non-2xx answer.
func fetchAll(ctx context.Context, c *http.Client, url string) error {
	return retryWith(ctx, 5, func(error) bool { return true }, func() error {
		return fetchStatus(ctx, c, url) // want `retryWith retries HTTP 4xx responses such as 404 \(fetchStatus\(ctx, c, url\) returns an error for them\)`
	})
}

// The same through another package's wrapper, known from its fact.
func fetchAllLib(ctx context.Context, c *http.Client, url string) error {
	return lib.Classified(ctx, 5, func(error) bool { return true }, func() error {
		return fetchStatus(ctx, c, url) // want `lib.Classified retries HTTP 4xx responses such as 404`
	})
}

// A classifier that stops on 400 alone: 403, 404, 409 go round.
func notBadRequest(err error) bool {
	var se *httpStatusErr
	if errors.As(err, &se) {
		return se.code != http.StatusBadRequest
	}
	return true
}

func fetchClientErrors(ctx context.Context, c *http.Client, url string) error {
	return retryWith(ctx, 5, notBadRequest, func() error { // want `retryWith retries HTTP 4xx responses such as 404 \(classifier notBadRequest stops on 400 only, the other 4xx go round\)`
		return fetchStatus(ctx, c, url)
	})
}

// Twins. A classifier that stops on 4xx.
func transientStatus(err error) bool {
	var se *httpStatusErr
	if errors.As(err, &se) {
		return se.code >= 500 || se.code == http.StatusTooManyRequests
	}
	return true
}

func fetchTransient(ctx context.Context, c *http.Client, url string) error {
	return retryWith(ctx, 5, transientStatus, func() error {
		return fetchStatus(ctx, c, url)
	})
}

func fetchTransientLib(ctx context.Context, c *http.Client, url string) error {
	return lib.Classified(ctx, 5, transientStatus, func() error {
		return fetchStatus(ctx, c, url)
	})
}

// A classifier handed in by the caller's own caller: not read.
func fetchHanded(ctx context.Context, c *http.Client, url string, isRetryable func(error) bool) error {
	return retryWith(ctx, 5, isRetryable, func() error {
		return fetchStatus(ctx, c, url)
	})
}

// "Retry everything" around an operation that stops on 4xx itself.
func fetchOwnStop(ctx context.Context, c *http.Client, url string) error {
	return retryWith(ctx, 5, func(error) bool { return true }, func() error {
		err := fetchStatus(ctx, c, url)
		var se *httpStatusErr
		if errors.As(err, &se) && se.code < 500 {
			return nil // recorded elsewhere: not retried
		}
		return err
	})
}
