package status

import (
	"context"
	"fmt"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	"github.com/sethvargo/go-retry"
)

// Operations that hand the response to a helper of the package and
// return what it says, with no branch of their own: the helper reads the
// status, and the operation's error is nil for a 2xx and not for a 404.

// checkResponse fails every status but 2xx alike.
func checkResponse(resp *http.Response) error {
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("status %s", resp.Status)
	}
	return nil
}

// checkPermanent makes every 4xx but 429 permanent.
func checkPermanent(resp *http.Response) error {
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode <= 299:
		return nil
	case resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests:
		return backoff.Permanent(fmt.Errorf("status %s", resp.Status))
	}
	return fmt.Errorf("status %s", resp.Status)
}

func publish(ctx context.Context, c *http.Client, url string) error {
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
		return checkResponse(resp) // want `backoff.Retry retries HTTP 4xx responses such as 404 \(checkResponse\(resp\) returns an error for them\)`
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx))
}

// The same through a variable, with no defer.
func publishVar(ctx context.Context, c *http.Client, url string) error {
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		err = checkResponse(resp) // want `backoff.Retry retries HTTP 4xx responses such as 404 \(checkResponse\(resp\) returns an error for them\)`
		resp.Body.Close()
		return err
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx))
}

// The helper makes 4xx permanent: quiet, returned as it is or through a
// branch of the operation's own.
func publishPermanent(ctx context.Context, c *http.Client, url string) error {
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
		return checkPermanent(resp)
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx))
}

func publishPermanentBranch(ctx context.Context, c *http.Client, url string) error {
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
		if err := checkPermanent(resp); err != nil {
			return err
		}
		return nil
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx))
}

// retry-go retries every error the operation returns but the ones its
// Unrecoverable wraps.
func checkUnrecoverable(resp *http.Response) error {
	if resp.StatusCode >= 400 && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
		return retrygo.Unrecoverable(fmt.Errorf("status %s", resp.Status))
	}
	return checkResponse(resp)
}

func upload(ctx context.Context, c *http.Client, url string) error {
	return retrygo.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
		if err != nil {
			return retrygo.Unrecoverable(err)
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return checkResponse(resp) // want `retry.Do retries HTTP 4xx responses such as 404 \(checkResponse\(resp\) returns an error for them\)`
	}, retrygo.Context(ctx), retrygo.Attempts(4))
}

func uploadUnrecoverable(ctx context.Context, c *http.Client, url string) error {
	return retrygo.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
		if err != nil {
			return retrygo.Unrecoverable(err)
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		return checkUnrecoverable(resp)
	}, retrygo.Context(ctx), retrygo.Attempts(4))
}

// sethvargo/go-retry retries only what retry.RetryableError wraps: a
// helper that wraps every status but 2xx sends a 404 round, one that
// wraps only 5xx and 429 does not.
func checkRetryable(resp *http.Response) error {
	if resp.StatusCode/100 != 2 {
		return retry.RetryableError(fmt.Errorf("status %s", resp.Status))
	}
	return nil
}

func checkServer(resp *http.Response) error {
	switch {
	case resp.StatusCode >= 500, resp.StatusCode == http.StatusTooManyRequests:
		return retry.RetryableError(fmt.Errorf("status %s", resp.Status))
	case resp.StatusCode/100 != 2:
		return fmt.Errorf("status %s", resp.Status)
	}
	return nil
}

func refresh(ctx context.Context, c *http.Client, url string) error {
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
		return checkRetryable(resp) // want `retry.Do retries HTTP 4xx responses such as 404 \(checkRetryable\(resp\) returns an error for them\)`
	})
}

func refreshServer(ctx context.Context, c *http.Client, url string) error {
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
		return checkServer(resp)
	})
}

// checkConflict makes every 4xx permanent but 409, which the service
// answers while another writer holds the record: the helper tells 4xx
// from 5xx and sends one round on purpose. Quiet.
func checkConflict(resp *http.Response) error {
	switch {
	case resp.StatusCode/100 == 2:
		return nil
	case resp.StatusCode == http.StatusConflict, resp.StatusCode == http.StatusTooManyRequests, resp.StatusCode >= 500:
		return fmt.Errorf("status %s", resp.Status)
	}
	return backoff.Permanent(fmt.Errorf("status %s", resp.Status))
}

// checkBadRequest makes only 400 permanent.
func checkBadRequest(resp *http.Response) error {
	switch {
	case resp.StatusCode/100 == 2:
		return nil
	case resp.StatusCode == http.StatusBadRequest:
		return backoff.Permanent(fmt.Errorf("status %s", resp.Status))
	}
	return fmt.Errorf("status %s", resp.Status)
}

// A check handed in as a parameter is not read: quiet.
func save(ctx context.Context, c *http.Client, url string, check func(*http.Response) error) error {
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
		return check(resp)
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx))
}

func saveConflict(ctx context.Context, c *http.Client, url string) error {
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
		return checkConflict(resp)
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx))
}

func saveBadRequest(ctx context.Context, c *http.Client, url string) error {
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
		return checkBadRequest(resp) // want `backoff.Retry retries HTTP 4xx responses such as 404 \(it stops on 400 only, the other 4xx go round\)`
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx))
}
