package status

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/sethvargo/go-retry"
)

// sethvargo/go-retry retries only the errors wrapped in
// retry.RetryableError: here every status of 400 or more, 404 included.
func quota(ctx context.Context, c *http.Client, url string) error {
	b := retry.WithMaxRetries(4, retry.NewExponential(time.Second))
	return retry.Do(ctx, b, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return retry.RetryableError(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 400 { // want `retry.Do retries HTTP 4xx responses such as 404 \(resp.StatusCode >= 400 holds for them\): a client error does not change on retry, so each costs up to 4 more attempts over 15s`
			return retry.RetryableError(fmt.Errorf("quota: status %d", resp.StatusCode))
		}
		return nil
	})
}

// The twins: a 4xx returned without the wrapper stops the retry, and an
// operation that wraps nothing retries nothing.
func limits(ctx context.Context, c *http.Client, url string) error {
	b := retry.WithMaxRetries(4, retry.NewExponential(time.Second))
	return retry.Do(ctx, b, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return retry.RetryableError(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return retry.RetryableError(fmt.Errorf("limits: status %d", resp.StatusCode))
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("limits: status %d", resp.StatusCode)
		}
		return nil
	})
}

func plain(ctx context.Context, c *http.Client, url string) error {
	b := retry.WithMaxRetries(4, retry.NewConstant(time.Second))
	return retry.Do(ctx, b, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("plain: status %d", resp.StatusCode)
		}
		return nil
	})
}
