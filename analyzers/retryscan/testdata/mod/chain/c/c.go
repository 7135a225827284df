// Package c is the bottom of a three-package chain: it retries.
package c

import (
	"errors"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
)

func query() error { return errors.New("x") }

// Get retries the query five times.
func Get() error { // want `retrier\(5 via backoff.Retry\)`
	return backoff.Retry(query, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4)) // want `site library "backoff.Retry" 5 attempts time`
}

// Do runs f with retries: a wrapper.
func Do(f func() error) error { // want `wrapper\(param=0, 3 attempts via retry.Do\)` `retrier\(3 via retry.Do\)`
	return retry.Do(f, retry.Attempts(3)) // want `site library "retry.Do" 3 attempts`
}
