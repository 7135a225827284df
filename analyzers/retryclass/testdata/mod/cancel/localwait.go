package cancel

import (
	"context"
	"errors"
	"net"
	"time"
)

// Two waits, each held in a local first: each is as long as the
// constant the local holds, and the longest is reported.
func withRetries(ctx context.Context, operation func(context.Context) error) error {
	var err error
	for i := 0; i < 3; i++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err = operation(ctx); err == nil {
			return nil
		}
		var ne net.Error
		if errors.As(err, &ne) {
			delay := 2 * time.Second
			time.Sleep(delay) // want `a caller that gives up still waits up to 2s before the loop stops`
			continue
		}
		if !errors.Is(err, errGone) {
			return err
		}
		delay := time.Second
		time.Sleep(delay)
	}
	return err
}

// The twin's waits are half a second each, and the loop stops at its
// next look at ctx.
func withShortRetries(ctx context.Context, operation func(context.Context) error) error {
	var err error
	for i := 0; i < 3; i++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err = operation(ctx); err == nil {
			return nil
		}
		var ne net.Error
		if errors.As(err, &ne) {
			delay := 500 * time.Millisecond
			time.Sleep(delay)
			continue
		}
		if !errors.Is(err, errGone) {
			return err
		}
		delay := 500 * time.Millisecond
		time.Sleep(delay)
	}
	return err
}
