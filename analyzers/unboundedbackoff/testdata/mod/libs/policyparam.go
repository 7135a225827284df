package libs

import (
	cenkalti "github.com/cenkalti/backoff/v4"
)

// A helper that takes its policy from its one caller retries with what
// that call passes.
func retryPolicy(b cenkalti.BackOff, f func() error) error {
	return cenkalti.Retry(f, b) // want `backoff.Retry has no attempt limit, no elapsed-time limit and no cancellation \(b.MaxElapsedTime = 0\)`
}

func watchConfig() error {
	b := cenkalti.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return retryPolicy(b, op)
}

// Twin: the one caller bounds the attempts.
func retryPolicyBounded(b cenkalti.BackOff, f func() error) error {
	return cenkalti.Retry(f, b)
}

func watchConfigBounded() error {
	b := cenkalti.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return retryPolicyBounded(cenkalti.WithMaxRetries(b, 8), op)
}
