package libs

import (
	backoffv4 "github.com/cenkalti/backoff/v4"
)

// A helper that takes its policy from its one caller: the policy is what
// that call passes.
func retryWith(b backoffv4.BackOff, f func() error) error { // want `retrier\(∞ via backoff.Retry\)` `wrapper\(param=1, unbounded attempts via backoff.Retry, ignores ctx\)`
	return backoffv4.Retry(f, b) // want `site library "backoff.Retry" unbounded attempts$`
}

func watchForever() error { // want `retrier\(∞ via retryWith\)`
	b := backoffv4.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return retryWith(b, op) // want `site wrapper "retryWith" unbounded attempts`
}

// Twins: a helper called twice may be given two policies, and an
// exported one by importers: unknown, as any parameter.
func retryTwice(b backoffv4.BackOff, f func() error) error { // want `retrier\(N via backoff.Retry\)` `wrapper\(param=1, N attempts via backoff.Retry, ignores ctx\)`
	return backoffv4.Retry(f, b) // want `site library "backoff.Retry" N attempts time$`
}

func watchBoth() error { // want `retrier\(N via retryTwice\)`
	b := backoffv4.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	if err := retryTwice(b, op); err != nil { // want `site wrapper "retryTwice" N attempts time`
		return err
	}
	return retryTwice(backoffv4.WithMaxRetries(backoffv4.NewExponentialBackOff(), 3), op) // want `site wrapper "retryTwice" N attempts time`
}

func RetryWith(b backoffv4.BackOff, f func() error) error { // want `retrier\(N via backoff.Retry\)` `wrapper\(param=1, N attempts via backoff.Retry, ignores ctx\)`
	return backoffv4.Retry(f, b) // want `site library "backoff.Retry" N attempts time$`
}

func watchExported() error { // want `retrier\(N via RetryWith\)`
	b := backoffv4.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return RetryWith(b, op) // want `site wrapper "RetryWith" N attempts time`
}
