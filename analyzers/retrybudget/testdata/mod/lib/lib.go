// Package lib runs retries on its callers' contexts.
package lib

import (
	"context"
	"errors"
	"time"
)

func call(ctx context.Context) error { return errors.New("x") }

// Fetch retries 3 times, 20s per attempt, 1s apart: 1m2s in the worst case.
func Fetch(ctx context.Context, key string) error { // want Fetch:`budget\(ctx 0, retry loop 20s \+ 1s \+ 20s \+ 1s \+ 20s = 1m2s\)`
	var err error
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, 20*time.Second)
		err = call(actx)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Poll retries with no timeout per attempt.
func Poll(key string, ctx context.Context) error { // want Poll:`budget\(ctx 1, retry loop \? \+ 2s \+ \? \+ 2s \+ \? >= 4s\)`
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// Bounded gives its retry a deadline of its own: no fact.
func Bounded(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	return Fetch(ctx, "k")
}

// Throttle runs the attempt its caller hands in 4 times, 1s apart: what
// bounds the attempt is the caller's, read at each call.
func Throttle(ctx context.Context, op func(context.Context) error) error { // want Throttle:`budget\(ctx 0, retry loop \? \+ 1s \+ \? \+ 1s \+ \? \+ 1s \+ \? >= 3s\)`
	var err error
	for i := 0; i < 4; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}
