// Package lib holds retry wrappers that other packages call: one that
// takes no context, one that stops on its context.
package lib

import (
	"context"
	"errors"
	"time"
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
// attempts once the context is done.
func RetryCtx(ctx context.Context, n int, f func() error) error {
	for i := 0; i < n; i++ {
		if err := f(); err == nil {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}
