// Package inner holds retriers whose backoff is a single attempt on one
// way only (maxmind/geoipupdate's RetryWithBackoff: MaxElapsedTime 0
// would never stop, so retryFor 0 makes one attempt), and their twins
// that make one attempt on every way.
package inner

import (
	"time"

	"github.com/cenkalti/backoff/v4"
)

// RetryGuarded retries for retryFor, once when it is 0: a retrier.
func RetryGuarded(fn func() error, retryFor time.Duration) error {
	exp := backoff.NewExponentialBackOff()
	exp.MaxElapsedTime = retryFor
	var b backoff.BackOff = exp
	if retryFor == 0 {
		b = backoff.WithMaxRetries(exp, 0)
	}
	return backoff.Retry(fn, b)
}

// OnceEitherWay makes one attempt on both ways: no retrier.
func OnceEitherWay(fn func() error, fast bool) error {
	exp := backoff.NewExponentialBackOff()
	var b backoff.BackOff
	if fast {
		b = backoff.WithMaxRetries(exp, 0)
	} else {
		b = &backoff.StopBackOff{}
	}
	return backoff.Retry(fn, b)
}
