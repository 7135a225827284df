// Package runner holds a retry runner whose callers say, with a bool,
// whether the function they hand it may run twice, the way
// cloud.google.com/go/storage's run(ctx, call, retry, isIdempotent) does.
package runner

import (
	"context"
	"time"
)

// Policy says when to retry.
type Policy int

const (
	RetryIdempotent Policy = iota // retry only what the caller declared idempotent
	RetryAlways
	RetryNever
)

// Run calls call once, and returns, for a call its caller did not declare
// idempotent (under RetryIdempotent) or under RetryNever; otherwise it
// retries.
func Run(ctx context.Context, call func(context.Context) error, p Policy, isIdempotent bool) error {
	if (p == RetryIdempotent && !isIdempotent) || p == RetryNever {
		return call(ctx)
	}
	var err error
	for i := 0; i < 5; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		if err := sleep(ctx, time.Duration(i)*time.Second); err != nil {
			return err
		}
	}
	return err
}

func sleep(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}
