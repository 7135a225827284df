package calls

import (
	"context"
	"time"
)

type client struct {
	hooks hooks
	retry func(context.Context) error
}

// hooks holds closures in struct fields.
type hooks struct {
	backoff func(context.Context, time.Duration) error
	giveUp  func(error) bool
}

func (c *client) call(context.Context) error { return errTemporary }

func (c client) backoff(ctx context.Context, n int) error {
	return sleepCtx(ctx, time.Duration(n)*time.Second)
}

// methodValues calls method values and method expressions.
func (c *client) methodValues(ctx context.Context) error { // want `retrier\(5 via retry loop\)`
	call := c.call
	pause := (*client).backoff
	for i := 0; i < 5; i++ { // want `site loop "retry loop" 5 attempts`
		if err := call(ctx); err == nil {
			return nil
		}
		if err := pause(c, ctx, i); err != nil {
			return err
		}
	}
	return errTemporary
}

// fieldClosures calls closures stored in struct fields, directly and
// through an embedded path.
func (c *client) fieldClosures(ctx context.Context) error { // want `retrier\(N via retry loop\)`
	for { // want `site loop "retry loop" N attempts`
		err := c.retry(ctx)
		if err == nil {
			return nil
		}
		if c.hooks.giveUp(err) {
			return err
		}
		if werr := c.hooks.backoff(ctx, time.Second); werr != nil {
			return werr
		}
	}
}

type waiter interface {
	Wait(context.Context) error
	Done() bool
}

type doer interface {
	Do(context.Context) error
}

// interfaceCalls calls through interface values in the attempt and the
// exits.
func interfaceCalls(ctx context.Context, d doer, w waiter) error { // want `retrier\(4 via retry loop\)`
	for attempt := 1; ; attempt++ { // want `site loop "retry loop" 4 attempts`
		if err := d.Do(ctx); err == nil {
			return nil
		}
		if w.Done() || attempt > 3 {
			return errTemporary
		}
		if err := w.Wait(ctx); err != nil {
			return err
		}
	}
}

// interfaceMethodValue takes a method value of an interface.
func interfaceMethodValue(ctx context.Context, d doer) error { // want `retrier\(3 via retry loop\)`
	do := d.Do
	for range 3 { // want `site loop "retry loop" 3 attempts`
		if err := do(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errTemporary
}
