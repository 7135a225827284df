package typed

import (
	"context"
	"fmt"
	"net/http"

	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
)

// An operation that returns the program's own error value for a bad
// answer fails as surely as one returning fmt.Errorf: the library retries
// it, 4xx included.

type upstreamError struct{ StatusCode int }

func (e *upstreamError) Error() string { return fmt.Sprintf("upstream: %d", e.StatusCode) }

func checkUpstream(resp *http.Response) error {
	if resp.StatusCode < 300 {
		return nil
	}
	return &upstreamError{StatusCode: resp.StatusCode}
}

func pushLiteral(ctx context.Context, c *http.Client, url string) error {
	b := backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx)
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return checkUpstream(resp) // want `backoff.Retry retries HTTP 4xx responses such as 404 \(checkUpstream\(resp\) returns an error for them\)`
	}, b)
}

// The twin makes a client error permanent.
func pushLiteralPermanent(ctx context.Context, c *http.Client, url string) error {
	b := backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx)
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
			return backoff.Permanent(&upstreamError{StatusCode: resp.StatusCode})
		}
		return checkUpstream(resp) // ok: 4xx left above
	}, b)
}

func fetchLiteral(ctx context.Context, c *http.Client, url string) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 300 { // want `retry.Do retries HTTP 4xx responses such as 404 \(resp.StatusCode >= 300 holds for them\)`
			return &upstreamError{StatusCode: resp.StatusCode}
		}
		return nil
	}, retry.Context(ctx), retry.Attempts(4))
}

// The twin marks a client error unrecoverable; the 429 it leaves to the
// library's own delay.
func fetchLiteralUnrecoverable(ctx context.Context, c *http.Client, url string) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		switch {
		case resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests: // want `retry.Do answers HTTP 429 with its own delay and never reads Retry-After`
			return retry.Unrecoverable(&upstreamError{StatusCode: resp.StatusCode})
		case resp.StatusCode >= 300:
			return &upstreamError{StatusCode: resp.StatusCode} // ok: 5xx and 429 only
		}
		return nil
	}, retry.Context(ctx), retry.Attempts(4))
}
