// Package wrapped hands its retry helpers the attempt as a function
// literal. The call of such a helper is a wrapper site of the recognizer
// and, when the helper retries on the context it is passed, also a call
// of a summarized function: the same retry, seen twice. It is judged
// once, by the helper's summary, which knows the timeout each attempt
// gets inside the loop.
package wrapped

import (
	"context"
	"errors"
	"time"
)

func push(ctx context.Context, item string) error { return errors.New("unavailable") }

// withRetry gives each of 4 attempts 2s and waits 3s between them: 17s
// in all.
func withRetry(ctx context.Context, attempt func(context.Context) error) error { // want withRetry:`budget\(ctx 0, retry loop 2s \+ 3s \+ 2s \+ 3s \+ 2s \+ 3s \+ 2s = 17s\)`
	var err error
	for n := 0; n < 4; n++ {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err = attempt(actx)
		cancel()
		if err == nil {
			return nil
		}
		t := time.NewTimer(3 * time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}

// One finding, the summary's: 17s do not fit in 5s. Read at the call,
// the attempts' 2s are unknown ("? + 3s + ... >= 9s"): the same retry,
// not reported a second time.
func Publish(ctx context.Context, item string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return withRetry(ctx, func(ctx context.Context) error { // want `withRetry's retry \(retry loop\) can take 2s \+ 3s \+ 2s \+ 3s \+ 2s \+ 3s \+ 2s = 17s but its context has a 5s deadline: the second attempt never starts`
		return push(ctx, item)
	})
}

// The twin: a deadline the 17s fit in, quiet by either reading.
func PublishPatiently(ctx context.Context, item string) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return withRetry(ctx, func(ctx context.Context) error {
		return push(ctx, item)
	})
}

// A helper written below its caller is judged the same way.
func PublishLate(ctx context.Context, item string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return retryBelow(ctx, func(ctx context.Context) error { // want `retryBelow's retry \(retry loop\) can take .* = 17s but its context has a 5s deadline`
		return push(ctx, item)
	})
}

// A helper that hands its attempt on to withRetry carries its summary;
// so does a function between the deadline and the helper.
func retryOnce(ctx context.Context, attempt func(context.Context) error) error { // want retryOnce:`budget\(ctx 0, retry loop .* = 17s, in withRetry\)`
	return withRetry(ctx, attempt)
}

func PublishVia(ctx context.Context, item string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return retryOnce(ctx, func(ctx context.Context) error { // want `retryOnce's retry \(retry loop, in withRetry\) can take .* = 17s but its context has a 5s deadline`
		return push(ctx, item)
	})
}

func publishItem(ctx context.Context, item string) error { // want publishItem:`budget\(ctx 0, retry loop .* = 17s, in withRetry\)`
	return withRetry(ctx, func(ctx context.Context) error { return push(ctx, item) })
}

func PublishAbove(ctx context.Context, item string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return publishItem(ctx, item) // want `publishItem's retry \(retry loop, in withRetry\) can take .* = 17s but its context has a 5s deadline`
}

// A helper with no context parameter has no summary: the deadline
// reaches its attempts only through the literal, and the wrapper site is
// what finds it.
func withRetryNoCtx(attempt func() error) error {
	var err error
	for n := 0; n < 4; n++ {
		if err = attempt(); err == nil {
			return nil
		}
		time.Sleep(3 * time.Second)
	}
	return err
}

func PublishCaptured(ctx context.Context, item string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	return withRetryNoCtx(func() error { return push(ctx, item) }) // want `retry waits \? \+ 3s \+ \? \+ 3s \+ \? \+ 3s \+ \? >= 9s but its context has a 5s deadline`
}

func retryBelow(ctx context.Context, attempt func(context.Context) error) error { // want retryBelow:`budget\(ctx 0, retry loop .* = 17s\)`
	var err error
	for n := 0; n < 4; n++ {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err = attempt(actx)
		cancel()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(3 * time.Second):
		}
	}
	return err
}
