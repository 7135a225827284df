package loops

import (
	"context"
	"math/rand/v2"
	"time"
)

// The delay is updated through a helper of the package: d = grow(d)
// doubles it as surely as d *= 2.
func growThroughHelper(ctx context.Context) error {
	d := base
	for i := 0; i < 12; i++ {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(d + rand.N(d/2))
		d = grow(d) // want `retry delay doubles each attempt with no cap \(wait at line 17\): after 11 failures it waits at least`
	}
	return ctx.Err()
}

func grow(d time.Duration) time.Duration { return d * 2 }

// The twin's helper stops at the cap.
func growThroughCappingHelper(ctx context.Context) error {
	d := base
	for i := 0; i < 12; i++ {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(d + rand.N(d/2))
		d = growCapped(d) // ok: the helper returns the cap past a comparison
	}
	return ctx.Err()
}

func growCapped(d time.Duration) time.Duration {
	if d >= maxDelay {
		return maxDelay
	}
	return d * 2
}

// A recursive retry steps its attempt parameter at the call of itself:
// the shift grows with it. The test of the attempt before the call is the
// round guard, not a cap.
func recurseShift(ctx context.Context, attempt int) error {
	err := opCtx(ctx)
	if err != nil && attempt < 9 {
		time.Sleep(rand.N(base << attempt)) // want `retry delay doubles each attempt with no cap`
		return recurseShift(ctx, attempt+1)
	}
	return err
}

// The twin clamps the shifted wait.
func recurseShiftCapped(ctx context.Context, attempt int) error {
	err := opCtx(ctx)
	if err != nil && attempt < 9 {
		time.Sleep(rand.N(min(base<<attempt, maxDelay))) // ok: clamped
		return recurseShiftCapped(ctx, attempt+1)
	}
	return err
}

// A recursive retry that doubles the delay it hands itself.
func recurseDouble(ctx context.Context, d time.Duration) error {
	err := opCtx(ctx)
	if err != nil && ctx.Err() == nil {
		time.Sleep(rand.N(d))
		return recurseDouble(ctx, d*2) // want `retry delay doubles each attempt with no cap`
	}
	return err
}

// The twin doubles it up to the cap.
func recurseDoubleCapped(ctx context.Context, d time.Duration) error {
	err := opCtx(ctx)
	if err != nil && ctx.Err() == nil {
		time.Sleep(rand.N(d))
		return recurseDoubleCapped(ctx, min(d*2, maxDelay)) // ok: clamped
	}
	return err
}
