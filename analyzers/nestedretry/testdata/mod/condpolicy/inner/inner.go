// Package inner holds retriers and policy helpers whose backoff is a
// single attempt on one way only (maxmind/geoipupdate's
// RetryWithBackoff: MaxElapsedTime 0 would never stop, so retryFor 0
// makes one attempt), and their twins that make one attempt on every
// way.
package inner

import (
	"errors"
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

// Policy is a single attempt when retryFor is 0, exp otherwise: its
// fact keeps both ways.
func Policy(retryFor time.Duration) backoff.BackOff {
	exp := backoff.NewExponentialBackOff()
	exp.MaxElapsedTime = retryFor
	if retryFor == 0 {
		return backoff.WithMaxRetries(exp, 0)
	}
	return exp
}

// OncePolicy is a single attempt on both ways.
func OncePolicy(fast bool) backoff.BackOff {
	if fast {
		return &backoff.StopBackOff{}
	}
	return backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 0)
}

// PolicyOrErr is a single attempt, or nil with an error: nil is no way
// a retry runs with.
func PolicyOrErr(retryFor time.Duration) (backoff.BackOff, error) {
	if retryFor < 0 {
		return nil, errors.New("negative retryFor")
	}
	return backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 0), nil
}
