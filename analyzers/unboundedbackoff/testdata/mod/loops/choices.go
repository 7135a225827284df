package loops

import (
	"context"
	"time"
)

// A count that is one of two constants makes at most the larger: 4
// attempts one second apart is a short fixed retry, a hint only
// (bnema/gordon#237's fix: attempts := maxAttempts; if !idempotent {
// attempts = 1 }).
func countOfTwo(ctx context.Context, fast bool) error {
	attempts := 4
	if fast {
		attempts = 2
	}
	var err error
	for i := 0; i < attempts; i++ {
		if err = opCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// Twin: the larger is 12, and twelve attempts in step are reported.
func countOfTwoLong(ctx context.Context, fast bool) error {
	attempts := 12
	if fast {
		attempts = 2
	}
	var err error
	for i := 0; i < attempts; i++ {
		if err = opCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second): // want `retry delay has no jitter`
		}
	}
	return err
}
