// Package platform is a service's shared retry setup: the policies every
// other package uses, built once here. retrylint reads them at the call
// sites in other packages through facts.
package platform

import (
	"context"
	"iter"
	"math/rand/v2"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Backoff is the service-wide backoff: exponential and capped, but with
// the randomization turned off, so every replica waits the same.
func Backoff() *backoff.ExponentialBackOff {
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = 0
	b.MaxInterval = 10 * time.Second
	return b
}

// JitteredBackoff is the fixed twin: the library's default jitter kept.
func JitteredBackoff() *backoff.ExponentialBackOff {
	b := backoff.NewExponentialBackOff()
	b.MaxInterval = 10 * time.Second
	return b
}

// Policy hands out attempts as a Go 1.23 iterator: it waits before each
// attempt after the first and stops after Max attempts or when ctx is
// done.
type Policy struct {
	Max  int
	Wait time.Duration
}

// Attempts yields the attempt numbers.
func (p Policy) Attempts(ctx context.Context) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range p.Max {
			if i > 0 {
				select {
				case <-ctx.Done():
					return
				case <-time.After(p.Wait):
				}
			}
			if !yield(i) {
				return
			}
		}
	}
}

// Retry is the service's retry helper: it runs op up to attempts times,
// a jittered second apart, and its callers choose the attempts.
func Retry(ctx context.Context, attempts int, op func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second)):
		}
	}
	return err
}
