// Package loopforms holds retry loops driven by github.com/coder/retry
// (v1.5.1), in the for and goto forms its README teaches.
package loopforms

import (
	"context"
	"errors"
	"time"

	"github.com/coder/retry"
)

func dial(ctx context.Context) error { return ctx.Err() }

// The condition waits; the context ends the loop.
func forWait(ctx context.Context) error { // want `retrier\(N via retry loop\)`
	r := retry.New(time.Second, 10*time.Second)
	var err error
	for r.Wait(ctx) { // want `site loop "retry loop" unbounded attempts ctx`
		if err = dial(ctx); err == nil {
			return nil
		}
	}
	return err
}

// The README's counted form: at most 10 attempts.
func forWaitCounted(ctx context.Context) error { // want `retrier\(10 via retry loop\)`
	var err error
	for r, n := retry.New(time.Second, 10*time.Second), 0; r.Wait(ctx) && n < 10; n++ { // want `site loop "retry loop" 10 attempts ctx`
		err = dial(ctx)
		if err != nil {
			continue
		}
		break
	}
	return err
}

// goto after a wait: a loop from the label to the end of the block.
func gotoRetry(ctx context.Context) error { // want `retrier\(N via retry loop\)`
	r := retry.New(time.Second, 10*time.Second)
retry: // want `site loop "retry loop" unbounded attempts ctx`
	err := dial(ctx)
	if err != nil {
		if r.Wait(ctx) {
			goto retry
		}
		return err
	}
	return nil
}

// goto with a plain sleep and nothing to end it.
func gotoForever(ctx context.Context) error { // want `retrier\(∞ via retry loop\)`
again: // want `site loop "retry loop" unbounded attempts`
	if err := dial(ctx); err != nil {
		time.Sleep(time.Second)
		goto again
	}
	return nil
}

// Not retries: a goto that skips ahead, a goto back over a read.
func skip(ctx context.Context) error {
	if err := dial(ctx); err != nil {
		goto out
	}
	time.Sleep(time.Millisecond)
out:
	return nil
}

func readAgain(next func() (string, error)) (string, error) {
again:
	line, err := next()
	if err != nil {
		return "", err
	}
	if line == "" {
		time.Sleep(time.Millisecond)
		goto again
	}
	return line, nil
}

// A wait loop that is a poll: the body checks a state.
func pollWait(ctx context.Context, ready func() bool) error {
	r := retry.New(time.Second, 10*time.Second)
	for r.Wait(ctx) {
		if ready() {
			return nil
		}
	}
	return errors.New("never ready")
}
