// Package reporterr holds a resource.Retry-style helper (terraform
// providers and their copies): its operation reports failure as a
// *RetryError, nil on success, which is no error value, and the helper
// gives up when the next wait would pass its deadline.
package reporterr

import (
	"net/http"
	"time"
)

// RetryError says whether an attempt may be retried.
type RetryError struct {
	Err       error
	Retryable bool
}

// RetryableError marks err as retryable.
func RetryableError(err error) *RetryError { return &RetryError{Err: err, Retryable: true} }

// Retry calls f until it returns nil or a final error, or the next wait
// would pass the deadline.
func Retry(timeout time.Duration, f func() *RetryError) error {
	deadline := time.Now().Add(timeout)
	wait := 500 * time.Millisecond
	for {
		rerr := f()
		if rerr == nil {
			return nil
		}
		if !rerr.Retryable || time.Now().Add(wait).After(deadline) {
			return rerr.Err
		}
		time.Sleep(wait)
		if wait < 10*time.Second {
			wait *= 2
		}
	}
}

// Create POSTs inside the retry (aliyun/terraform-provider-alicloud#10305).
func Create(c *http.Client, url string) error {
	return Retry(time.Minute, func() *RetryError {
		resp, err := c.Post(url, "application/json", nil) // want `retry wraps an HTTP POST with no Idempotency-Key header`
		if err != nil {
			return RetryableError(err)
		}
		resp.Body.Close()
		return nil
	})
}

// Read GETs inside the same retry: repeating a read is safe.
func Read(c *http.Client, url string) error {
	return Retry(time.Minute, func() *RetryError {
		resp, err := c.Get(url)
		if err != nil {
			return RetryableError(err)
		}
		resp.Body.Close()
		return nil
	})
}
