package budget

import (
	"context"
	"time"
)

// tryOnce is an attempt with its own timeout, in a helper of the package.
func tryOnce(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return call(ctx)
}

// tryQuick is the same with a 3s timeout.
func tryQuick(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	return call(ctx)
}

// The helper's 10s timeout bounds each attempt: 3 of them and the waits
// do not fit in 15s.
func helperTimeout(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry can take 10s \+ 2s \+ 10s \+ 2s \+ 10s = 34s but its context has a 15s deadline`
		if err = tryOnce(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
	return err
}

// The twin with the 3s helper: 3s + 2s + 3s + 2s + 3s = 13s fits.
func helperTimeoutFits(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = tryQuick(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
	return err
}
