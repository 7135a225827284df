package worstcase

import (
	"context"
	"time"
)

const maxBackoff = 8 * time.Second

// A doubling wait clamped at a constant (mercari/datastore#62's 0.5s
// doubling under min(..., 8s)): the waits are known, the last ones at
// the cap.
func clampedMin(ctx context.Context) error {
	var err error
	d := 500 * time.Millisecond
	for i := 0; i < 7; i++ { // want `worst 7 x \? \+ 500ms \+ 1s \+ 2s \+ 4s \+ 8s \+ 8s >= 23.5s; attempt none; elapsed none; cap 8s$`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(d)
		d = min(d*2, 8*time.Second)
	}
	return err
}

// The clamp as a branch on a package constant, each attempt bounded:
// every term is known.
func clampedBranch(ctx context.Context) error {
	var err error
	d := 2 * time.Second
	for i := 0; i < 4; i++ { // want `worst 10s \+ 2s \+ 10s \+ 4s \+ 10s \+ 8s \+ 10s = 54s; attempt context 10s; elapsed none; cap 8s$`
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err = call(actx)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(d)
		d *= 2
		if d > maxBackoff {
			d = maxBackoff
		}
	}
	return err
}

// A counter shifted under min, from a helper of the package.
func backoffFor(n int) time.Duration { return min(time.Second<<n, 3*time.Second) }

func clampedHelper(ctx context.Context) error {
	var err error
	for i := 0; i < 4; i++ { // want `worst \? \+ 1s \+ \? \+ 2s \+ \? \+ 3s \+ \? >= 6s; attempt none; elapsed none; cap 3s$`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(backoffFor(i))
	}
	return err
}

// A clamp whose limit comes from a parameter: the waits stay unknown.
func clampedParam(ctx context.Context, limit time.Duration) error {
	var err error
	d := time.Second
	for i := 0; i < 3; i++ { // want `worst \? \+ \? \+ \? \+ \? \+ \? >= 0s; attempt none; elapsed none; cap 0s$`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(d)
		d = min(d*2, limit)
	}
	return err
}

// A wrapper of the package whose loop doubles up to 4s: its callers'
// sites have the same waits (WrapperFact carries the cap).
func retryClamped(ctx context.Context, op func(context.Context) error) error {
	var err error
	d := time.Second
	for i := 0; i < 5; i++ { // want `worst \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? \+ 4s \+ \? >= 11s; attempt none; elapsed none; cap 4s$`
		if err = op(ctx); err == nil {
			return nil
		}
		time.Sleep(d)
		d = min(d*2, 4*time.Second)
	}
	return err
}

func usesClamped(ctx context.Context) error {
	return retryClamped(ctx, call) // want `worst \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? \+ 4s \+ \? >= 11s; attempt none; elapsed none; cap 4s$`
}
