// Package jitterpolicy holds the retries whose missing jitter is a hint
// by default (a few attempts a short fixed wait apart) beside their
// reported twins, each differing in one respect: more attempts, more
// waiting, a growing wait, no attempt limit (../../../jitterpolicy.go).
// With -strict-jitter the lines marked "hint" are reported too
// (TestStrictJitter).
package jitterpolicy

import (
	"context"
	"example.com/unboundedbackofftest/remote"
	"time"

	cenkalti "github.com/cenkalti/backoff/v4"
)

func op() error { return remote.Call() }

// opCtx fails with the context's error once it is done.
func opCtx(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return remote.CallCtx(ctx)
}

// A hint: a transaction retried on deadlock, 3 attempts 200ms apart.
func deadlock() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond) // hint
	}
	return err
}

// Reported: the same loop making 6 attempts, more waves than a hint.
func sixAttempts() error {
	var err error
	for i := 0; i < 6; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(200 * time.Millisecond) // want `retry delay has no jitter`
	}
	return err
}

// A hint: a start-up ping, 5 attempts 5s apart (20s of waiting).
func startupPing() error {
	var err error
	for range 5 {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(5 * time.Second) // hint
	}
	return err
}

// Reported: 5 attempts 10s apart wait 40s in all.
func longPing() error {
	var err error
	for range 5 {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(10 * time.Second) // want `retry delay has no jitter`
	}
	return err
}

// Reported: 3 attempts, but the wait doubles: a backoff against an
// overload, where lined-up waves matter.
func doubling() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond << i) // want `retry delay has no jitter`
	}
	return err
}

// Reported: no attempt limit; a fixed 1s wait for as long as the outage
// lasts (an outbox worker re-reading its cursor).
func worker(ctx context.Context) error {
	for {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second): // want `retry delay has no jitter`
		}
	}
}

// A hint: a library's constant backoff, 3 attempts.
func libraryShort() error {
	return cenkalti.Retry(op, cenkalti.WithMaxRetries(cenkalti.NewConstantBackOff(200*time.Millisecond), 2)) // hint
}

// Reported: the same with 6 attempts.
func libraryLonger() error {
	return cenkalti.Retry(op, cenkalti.WithMaxRetries(cenkalti.NewConstantBackOff(200*time.Millisecond), 5)) // want `backoff.Retry waits a fixed delay with no jitter`
}
