// Package c is the bottom of a three-package chain: it retries.
package c

import (
	"errors"
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
)

func query() error { return errors.New("x") }

// Get retries the query five times.
func Get() error { // want `retrier\(5 via backoff.Retry\)`
	return backoff.Retry(query, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4)) // want `site library "backoff.Retry" 5 attempts time`
}

// Do runs f with retries: a wrapper.
func Do(f func() error) error { // want `wrapper\(param=0, 3 attempts via retry.Do, ignores ctx\)` `retrier\(3 via retry.Do\)`
	return retry.Do(f, retry.Attempts(3)) // want `site library "retry.Do" 3 attempts`
}

// DoN takes its attempts from its caller: each call says how many.
func DoN(attempts int, f func() error) error { // want `wrapper\(param=1, attempts from param 0\+0 via retry.Do, ignores ctx\)` `retrier\(N via retry.Do\)`
	return retry.Do(f, retry.Attempts(uint(attempts))) // want `site library "retry.Do" N attempts`
}

// DoRetries counts retries after the first attempt.
func DoRetries(f func() error, retries int) error { // want `wrapper\(param=0, attempts from param 1\+1 via retry loop, ignores ctx\)` `retrier\(N via retry loop\)`
	var err error
	for i := 0; i <= retries; i++ { // want `site loop "retry loop" N attempts`
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// DoAtLeast changes its parameter before counting: the calls' arguments
// do not say how many attempts it makes.
func DoAtLeast(attempts int, f func() error) error { // want `wrapper\(param=1, N attempts via retry loop, ignores ctx\)` `retrier\(N via retry loop\)`
	attempts = max(attempts, 2)
	var err error
	for range attempts { // want `site loop "retry loop" N attempts`
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
