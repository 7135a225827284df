// Package lib holds retry wrappers that other packages call: one that
// takes no context, one that stops on its context.
package lib

import (
	"context"
	"errors"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
)

// Retry runs f up to n times, waiting 1s, 2s, 4s, ... between attempts,
// and looks at no context. Its own loop is quiet: it has none.
func Retry(n int, f func() error) error {
	for i := 0; i < n; i++ {
		if err := f(); err == nil {
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

// RetryCtx is the same wrapper given the context: it stops between
// attempts once the context is done, and its calls are quiet. Its wait
// still ignores the context, which is its own loop's finding.
func RetryCtx(ctx context.Context, n int, f func() error) error {
	for i := 0; i < n; i++ {
		if err := f(); err == nil {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		time.Sleep(time.Second << i) // want `retry loop waits with time.Sleep, which ignores ctx`
	}
	return errors.New("gave up")
}

// Do runs f with retry-go, 4 attempts 1s apart, and gives retry-go no
// context: it goes round on every error of f.
func Do(f func() error) error {
	return retry.Do(f, retry.Attempts(4), retry.Delay(time.Second), retry.DelayType(retry.FixedDelay))
}

// DoIf lets a classifier it is given decide: not known to go round.
func DoIf(f func() error, again func(error) bool) error {
	return retry.Do(f, retry.Attempts(4), retry.Delay(time.Second), retry.RetryIf(again))
}

// DoCtx gives retry-go the context: it stops when the context is done.
func DoCtx(ctx context.Context, f func() error) error {
	return retry.Do(f, retry.Attempts(4), retry.Delay(time.Second), retry.Context(ctx))
}

// Settings configure WaitUntil's backoff.
type Settings struct {
	Initial, Max, Elapsed time.Duration
}

// WaitUntil hands op, unchanged, to cenkalti/backoff with the context
// (nginx agent's sdk/backoff): a literal handed to it is backoff.Retry's
// operation.
func WaitUntil(ctx context.Context, s Settings, op backoff.Operation) error {
	eb := backoff.NewExponentialBackOff()
	eb.InitialInterval, eb.MaxInterval, eb.MaxElapsedTime = s.Initial, s.Max, s.Elapsed
	return backoff.Retry(op, backoff.WithContext(eb, ctx))
}

// WaitLogged hands backoff.Retry a function of its own around op: not
// op itself, so what op's literal returns is not read as the library's.
func WaitLogged(ctx context.Context, op backoff.Operation) error {
	return backoff.Retry(func() error {
		err := op()
		if err != nil && ctx.Err() == nil {
			return err
		}
		return backoff.Permanent(err)
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// Classified leaves the decision to its caller: it asks isRetryable of
// each failure of f and goes round only when it says yes.
func Classified(ctx context.Context, attempts int, isRetryable func(error) bool, f func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = f(); err == nil {
			return nil
		}
		if !isRetryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * 200 * time.Millisecond):
		}
	}
	return err
}
