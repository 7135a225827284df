// Package use calls lib's retries with deadlines.
package use

import (
	"context"
	"time"

	"example.com/retrybudgettest/lib"
)

func short(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return lib.Fetch(ctx, "k") // want `lib.Fetch's retry \(retry loop\) can take 20s \+ 1s \+ 20s \+ 1s \+ 20s = 1m2s but its context has a 30s deadline: the second attempt can be cut short and the third never runs`
}

// The twin: a deadline the retry fits in.
func long(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	return lib.Fetch(ctx, "k")
}

func poll(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return lib.Poll("k", ctx) // want `lib.Poll's retry \(retry loop\)'s attempts have no timeout of their own under a 10s deadline`
}

// No deadline here: nothing to compare; the summary is carried to
// noDeadline's callers.
func noDeadline(ctx context.Context) error { // want noDeadline:`budget\(ctx 0, retry loop 20s \+ 1s \+ 20s \+ 1s \+ 20s = 1m2s, in lib.Fetch\)`
	return lib.Fetch(ctx, "k")
}

// lib.Throttle's attempt is the literal handed in: 4 x 3s + 3s of waits
// under 10s.
func throttled(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return lib.Throttle(ctx, func(ctx context.Context) error { // want `lib.Throttle's retry \(retry loop\) can take 3s \+ 1s \+ 3s \+ 1s \+ 3s \+ 1s \+ 3s = 15s but its context has a 10s deadline`
		actx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		return ping(actx)
	})
}

// The twin: 1s each, 7s in all, fits.
func throttledQuick(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return lib.Throttle(ctx, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		defer cancel()
		return ping(actx)
	})
}

func ping(ctx context.Context) error { return ctx.Err() }
