package calls

import (
	"context"
	"time"
)

type result struct{ retry bool }

func classify(err error) result { return result{retry: err != nil} }

var classifyFn = classify

// switchInit exits from switch statements with init statements that call
// function values.
func switchInit(ctx context.Context) error { // want `retrier\(3 via retry loop\)`
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		err := opFn(ctx)
		if err == nil {
			return nil
		}
		switch r := classifyFn(err); {
		case !r.retry:
			return err
		}
		switch ctxErr := sleepFn(ctx, time.Second); ctxErr {
		case nil:
		default:
			return ctxErr
		}
	}
	return errTemporary
}

// typeSwitchInit exits from a type switch whose init calls a method value.
func typeSwitchInit(ctx context.Context, c *client) error { // want `retrier\(3 via retry loop\)`
	call := c.call
	for range 3 { // want `site loop "retry loop" 3 attempts`
		err := call(ctx)
		if err == nil {
			return nil
		}
		switch r := classifyFn(err); e := any(r).(type) {
		case interface{ Temporary() bool }:
			if !e.Temporary() {
				return err
			}
		}
		time.Sleep(time.Second)
	}
	return errTemporary
}

// labelled loops, goto and select in the loop.
func labelled(ctx context.Context, events <-chan struct{}) error { // want `retrier\(6 via retry loop\)`
	attempts := 0
outer:
	for { // want `site loop "retry loop" 6 attempts ctx`
		attempts++
		if err := opFn(ctx); err == nil {
			break outer
		}
		if attempts > 5 {
			goto fail
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-events:
			continue outer
		case <-time.After(time.Second):
		}
	}
	return nil
fail:
	return errTemporary
}
