// Package wraps holds retry loops whose waits are computed from an
// attempt counter and clamped: the test renders whether the engine reads
// the clamp as applied after the growth can wrap past int64, and after
// how many rounds.
package wraps

import (
	"context"
	"errors"
	"math"
	"time"
)

func op() error { return errors.New("x") }

const maxDelay = 15 * time.Second

// hemilabs/heminetwork#664: the product wraps at 1s<<34, the clamp then
// lets it through.
func shiftMul(ctx context.Context) {
	for attempt := 0; ; attempt++ {
		if op() == nil {
			return
		}
		d := time.Second * (1 << attempt)
		if d > maxDelay {
			d = maxDelay
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(d): // want `^wraps after 35$`
		}
	}
}

func baseShift(ctx context.Context) {
	base := 100 * time.Millisecond
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		time.Sleep(min(base<<attempt, maxDelay)) // want `^wraps after 38$`
	}
}

func powInt(ctx context.Context) {
	for attempt := 1; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		d := time.Duration(math.Pow(2, float64(attempt))) * time.Second
		if d > maxDelay {
			d = maxDelay
		}
		time.Sleep(d) // want `^wraps after 34$`
	}
}

func powFloat(ctx context.Context) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		d := time.Duration(float64(time.Second) * math.Pow(2, float64(attempt)))
		time.Sleep(min(d, maxDelay)) // want `^wraps after 35$`
	}
}

func backoff(attempt int) time.Duration {
	d := 500 * time.Millisecond * time.Duration(1<<attempt)
	if d > maxDelay {
		return maxDelay
	}
	return d
}

func helper(ctx context.Context) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		time.Sleep(backoff(attempt)) // want `^wraps after 36$`
	}
}

// A base the engine cannot see wraps at the 64th round at the latest.
func unknownBase(ctx context.Context, base time.Duration) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		time.Sleep(min(base<<attempt, maxDelay)) // want `^wraps after 64$`
	}
}

// A limit past the overflow does not keep it from wrapping.
func limitTooHigh() {
	for attempt := 0; attempt < 100; attempt++ {
		if op() == nil {
			return
		}
		time.Sleep(min(time.Second<<attempt, maxDelay)) // want `^wraps after 35$`
	}
}

// Look-alikes that do not wrap.

func limited() {
	for attempt := 0; attempt < 10; attempt++ {
		if op() == nil {
			return
		}
		time.Sleep(min(time.Second<<attempt, maxDelay)) // want `^clamped$`
	}
}

func limitedAfter(ctx context.Context) {
	for attempt := 0; ; attempt++ {
		if op() == nil {
			return
		}
		if attempt >= 8 {
			return
		}
		time.Sleep(min(time.Second<<attempt, maxDelay)) // want `^clamped$`
	}
}

func limitUnknown(n int) {
	for attempt := 0; attempt < n; attempt++ {
		if op() == nil {
			return
		}
		time.Sleep(min(time.Second<<attempt, maxDelay)) // want `^clamped$`
	}
}

func exponentMin(ctx context.Context) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		time.Sleep(min(time.Second<<min(attempt, 10), maxDelay)) // want `^clamped$`
	}
}

func exponentIf(ctx context.Context) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		n := attempt
		if n > 10 {
			n = 10
		}
		d := time.Second * (1 << n)
		if d > maxDelay {
			d = maxDelay
		}
		time.Sleep(d) // want `^clamped$`
	}
}

func signTest(ctx context.Context) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		d := time.Second * (1 << attempt)
		if d <= 0 || d > maxDelay {
			d = maxDelay
		}
		time.Sleep(d) // want `^clamped$`
	}
}

func signTestAfter(ctx context.Context) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		d := min(time.Second*(1<<attempt), maxDelay)
		if d < 0 {
			d = maxDelay
		}
		time.Sleep(d) // want `^clamped$`
	}
}

func selfUpdate(ctx context.Context) {
	d := time.Second
	for ctx.Err() == nil {
		if op() == nil {
			return
		}
		time.Sleep(d) // want `^clamped$`
		d = min(d*2, maxDelay)
	}
}

func floatClamp(ctx context.Context) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		time.Sleep(time.Duration(math.Min(float64(time.Second)*math.Pow(2, float64(attempt)), float64(maxDelay)))) // want `^clamped$`
	}
}

func boundedHelper(attempt int) time.Duration {
	if attempt > 4 {
		return maxDelay
	}
	return time.Second << attempt
}

func helperBoundsExponent(ctx context.Context) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		time.Sleep(min(boundedHelper(attempt), maxDelay)) // want `^clamped$`
	}
}

// attempt > 0 stops nothing that grows: still wraps.
func zeroTest(ctx context.Context) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		if attempt > 0 {
			println("retrying")
		}
		time.Sleep(min(time.Second<<attempt, maxDelay)) // want `^wraps after 35$`
	}
}

// A floor after the clamp lets no zero or negative wait through.
func floored(ctx context.Context) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		time.Sleep(max(min(time.Second<<attempt, maxDelay), 10*time.Millisecond)) // want `^clamped$`
	}
}

// A counter set back after a success is not read (a documented limit).
func resetCounter(ctx context.Context) {
	attempt := 0
	for ctx.Err() == nil {
		if op() == nil {
			attempt = 0
		}
		time.Sleep(min(time.Second<<attempt, maxDelay)) // want `^clamped$`
		attempt++
	}
}

type state struct{ attempts int }

// A counter kept in a field is not read (a documented limit).
func fieldCounter(ctx context.Context, s *state) {
	for ctx.Err() == nil {
		if op() == nil {
			return
		}
		time.Sleep(min(time.Second<<s.attempts, maxDelay)) // want `^clamped$`
		s.attempts++
	}
}

// The limit is compared on some ways round only: of unknown reach.
func someWays(ctx context.Context, transient bool) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if op() == nil {
			return
		}
		if !transient && attempt >= 5 {
			return
		}
		time.Sleep(min(time.Second<<attempt, maxDelay)) // want `^clamped$`
	}
}
