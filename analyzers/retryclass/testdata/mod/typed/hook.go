package typed

import (
	"context"
	"errors"
	"net/http"

	backoff "github.com/cenkalti/backoff/v4"
)

// Operations that hand the error to a function of the package which
// decides with backoff.Permanent: it is read through its body, with the
// error carrying the status.

// permanentClient makes every 4xx but 429 permanent.
func permanentClient(err error) error {
	var he *HTTPError
	if errors.As(err, &he) && he.StatusCode >= 400 && he.StatusCode < 500 && he.StatusCode != http.StatusTooManyRequests {
		return backoff.Permanent(err)
	}
	return err
}

// permanentBadRequest makes 400 alone permanent.
func permanentBadRequest(err error) error {
	var he *HTTPError
	if errors.As(err, &he) && he.StatusCode == http.StatusBadRequest {
		return backoff.Permanent(err)
	}
	return err
}

// Quiet: a 404 is made permanent.
func hookedClient(ctx context.Context, c *http.Client, url string) error {
	return backoff.Retry(func() error {
		if err := send(ctx, c, url); err != nil {
			return permanentClient(err)
		}
		return nil
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx))
}

func hookedBadRequest(ctx context.Context, c *http.Client, url string) error {
	return backoff.Retry(func() error {
		if err := send(ctx, c, url); err != nil { // want `backoff.Retry retries HTTP 4xx responses such as 404 \(it stops on 400 only, the other 4xx go round\)`
			return permanentBadRequest(err)
		}
		return nil
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx))
}
