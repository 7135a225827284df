// Package localcount holds library retries whose count is kept in a
// local variable: a local given one constant is that constant, as the
// literal in its place is; one the code cannot pin down stays unknown.
package localcount

import (
	"context"
	"errors"
	"flag"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func submit(ctx context.Context) error { return errors.New("x") }

// 102 attempts of the default ExponentialBackOff (500ms growing by 1.5
// to 1m): its default MaxElapsedTime of 15m ends the retry first, before
// the 30m deadline (own-limit, and no over-budget against the deadline),
// and one hung attempt, which has no timeout of its own, uses the 30m.
func placeOrders(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Minute)
	defer cancel()
	maxRetries := uint64(101)
	var bo backoff.BackOff = backoff.NewExponentialBackOff()
	bo = backoff.WithMaxRetries(bo, maxRetries)
	bo = backoff.WithContext(bo, ctx)
	return backoff.Retry(func() error { return submit(ctx) }, bo) // want `backoff.Retry waits 102 x \? \+ 500ms .* the default MaxElapsedTime of 15m0s stops the whole retry first` `retry's attempts have no timeout of their own under a 30m0s deadline`
}

// The twin: a local count of 3 waits 500ms + 750ms + 1.125s, well
// inside 30m (its attempts have no timeout: attempt-uses-budget).
func placeFew(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Minute)
	defer cancel()
	maxRetries := uint64(3)
	var bo backoff.BackOff = backoff.NewExponentialBackOff()
	bo = backoff.WithMaxRetries(bo, maxRetries)
	bo = backoff.WithContext(bo, ctx)
	return backoff.Retry(func() error { return submit(ctx) }, bo) // want `retry's attempts have no timeout of their own under a 30m0s deadline`
}

// Set on either way to the same constant: still 101.
func placeBranches(ctx context.Context, fast bool) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Minute)
	defer cancel()
	var maxRetries uint64
	if fast {
		maxRetries = 101
	} else {
		maxRetries = 101
	}
	bo := backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), maxRetries), ctx)
	return backoff.Retry(func() error { return submit(ctx) }, bo) // want `backoff.Retry waits 102 x \? \+ 500ms .* the default MaxElapsedTime` `retry's attempts have no timeout of their own under a 30m0s deadline`
}

// Unknown counts: a local set from a parameter, one set to either of
// two constants, and one a flag writes through its address: no worst
// case, and no budget to split over the attempts, is claimed.
func placeGiven(ctx context.Context, n int) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Minute)
	defer cancel()
	maxRetries := uint64(n)
	bo := backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), maxRetries), ctx)
	return backoff.Retry(func() error { return submit(ctx) }, bo)
}

func placeEither(ctx context.Context, fast bool) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Minute)
	defer cancel()
	maxRetries := uint64(101)
	if fast {
		maxRetries = 2
	}
	bo := backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), maxRetries), ctx)
	return backoff.Retry(func() error { return submit(ctx) }, bo)
}

func placeFlag(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Minute)
	defer cancel()
	maxRetries := uint64(101)
	flag.Uint64Var(&maxRetries, "retries", maxRetries, "retries")
	bo := backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), maxRetries), ctx)
	return backoff.Retry(func() error { return submit(ctx) }, bo)
}
