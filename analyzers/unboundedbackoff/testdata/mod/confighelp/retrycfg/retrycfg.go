// Package retrycfg builds the service's retry policies once.
package retrycfg

import (
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
)

// NewBackoff is capped at 10s and has no jitter.
func NewBackoff() *backoff.ExponentialBackOff {
	b := backoff.NewExponentialBackOff()
	b.MaxInterval = 10 * time.Second
	b.RandomizationFactor = 0
	return b
}

// Options makes 20 attempts that double with no jitter and no cap.
func Options() []retry.Option {
	return []retry.Option{retry.Attempts(20), retry.DelayType(retry.BackOffDelay)}
}

// Backoff's jitter comes from the caller.
func Backoff(jitter float64) *backoff.ExponentialBackOff {
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = jitter
	return b
}

// Custom's delay function cannot be read.
func Custom() []retry.Option {
	return []retry.Option{retry.DelayType(delay)}
}

func delay(n uint, err error, c *retry.Config) time.Duration { return time.Second }

// Default is a package variable any package may change.
var Default = backoff.NewExponentialBackOff()

// Policy returns Default.
func Policy() backoff.BackOff { return Default }
