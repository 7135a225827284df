// Package b is the middle layer: backoff.Retry with WithMaxRetries(4),
// the first attempt and 4 retries.
package b

import (
	"context"

	"github.com/cenkalti/backoff/v4"

	"example.com/chain/c"
)

// Fetch runs c.Get in backoff.Retry: 5 attempts.
func Fetch(ctx context.Context, url string) error {
	return backoff.Retry(func() error {
		return c.Get(ctx, url)
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx))
}
