package worstcase

import (
	"context"
	"math/rand/v2"
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
// sites have the same waits (WrapperFact carries the cap). Its attempt
// is the function its caller hands in, bounded where that is written:
// unknown in the loop (handedattempt.go).
func retryClamped(ctx context.Context, op func(context.Context) error) error {
	var err error
	d := time.Second
	for i := 0; i < 5; i++ { // want `worst \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? \+ 4s \+ \? >= 11s; attempt unknown; elapsed none; cap 4s$`
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

// A jitter that cannot be negative added to a doubling wait clamped at
// 8s (mercari/datastore#62's time.Sleep(d + rand.N(d/2))): each wait is
// at least the clamped delay, and at most 8s plus the jitter's most.
func clampedJitter(ctx context.Context) error {
	var err error
	d := 500 * time.Millisecond
	for i := 0; i < 7; i++ { // want `worst 7 x \? \+ 500ms \+ 1s \+ 2s \+ 4s \+ 8s \+ 8s >= 23.5s; attempt none; elapsed none; cap 12s; waits at least$`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(d + rand.N(d/2))
		d = min(d*2, 8*time.Second)
	}
	return err
}

// The jitter as a fraction of a quarter of the delay, the clamp as a
// branch.
func clampedFraction(ctx context.Context) error {
	var err error
	d := time.Second
	for i := 0; i < 4; i++ { // want `worst \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? >= 7s; attempt none; elapsed none; cap 5s; waits at least$`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(d + time.Duration(rand.Float64()*float64(d/4)))
		d *= 2
		if d > 4*time.Second {
			d = 4 * time.Second
		}
	}
	return err
}

// A jitter whose bound is not seen: the floors, and no cap; a helper of
// the package that adds its own jitter: the same.
func clampedJitterUnseen(ctx context.Context, j time.Duration) error {
	var err error
	d := time.Second
	for i := 0; i < 4; i++ { // want `worst \? \+ 1s \+ \? \+ 2s \+ \? \+ 3s \+ \? >= 6s; attempt none; elapsed none; cap 0s; waits at least$`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(d + rand.N(j))
		d = min(d*2, 3*time.Second)
	}
	return err
}

func clampedHelperJitter(ctx context.Context) error {
	var err error
	d := time.Second
	for i := 0; i < 4; i++ { // want `worst \? \+ 1s \+ \? \+ 2s \+ \? \+ 3s \+ \? >= 6s; attempt none; elapsed none; cap 0s; waits at least$`
		if err = call(ctx); err == nil {
			return nil
		}
		sleepJitter(ctx, d)
		d = min(d*2, 3*time.Second)
	}
	return err
}

// Twins whose waits can be shorter than the delay: unknown waits, at
// most the clamp.
func clampedTakenAway(ctx context.Context) error {
	var err error
	d := time.Second
	for i := 0; i < 3; i++ { // want `worst \? \+ \? \+ \? \+ \? \+ \? >= 0s; attempt none; elapsed none; cap 8s$`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(d - time.Duration(rand.Float64()*float64(d/4)))
		d = min(d*2, 8*time.Second)
	}
	return err
}

func clampedFullJitter(ctx context.Context) error {
	var err error
	d := time.Second
	for i := 0; i < 3; i++ { // want `worst \? \+ \? \+ \? \+ \? \+ \? >= 0s; attempt none; elapsed none; cap 8s$`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(rand.N(d))
		d = min(d*2, 8*time.Second)
	}
	return err
}
