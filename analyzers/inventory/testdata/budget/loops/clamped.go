package loops

import (
	"context"
	"time"
)

func call(ctx context.Context) error { return ctx.Err() }

// Clamped waits 1s, 2s, 4s, 4s (min(d*2, 4s)) between 5 attempts of
// at most 10s each: base delay 1s, max delay 4s, worst case 1m1s.
func Clamped(ctx context.Context) error {
	var err error
	d := time.Second
	for i := 0; i < 5; i++ { // delays: 1 4 61
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err = call(actx)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(d)
		d = min(d*2, 4*time.Second)
	}
	return err
}

// ClampedUnseen clamps at a limit it is given: no max delay, no worst
// case.
func ClampedUnseen(ctx context.Context, limit time.Duration) error {
	var err error
	d := time.Second
	for i := 0; i < 5; i++ { // delays: - - -
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err = call(actx)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(d)
		d = min(d*2, limit)
	}
	return err
}
