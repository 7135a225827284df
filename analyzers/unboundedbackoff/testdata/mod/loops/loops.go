// Package loops holds hand-rolled retry loops: each positive shape, and
// the look-alikes that must stay silent.
package loops

import (
	"context"
	"errors"
	"example.com/unboundedbackofftest/remote"
	"io"
	"math"
	"math/rand/v2"
	"time"
)

func op() error { return remote.Call() }

// opCtx fails with the context's error once it is done.
func opCtx(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return remote.CallCtx(ctx)
}

const (
	base     = 100 * time.Millisecond
	maxDelay = 10 * time.Second
)

// --- no cap ---

// The shift grows with the counter: 12 attempts wait up to 17 minutes.
func shift() error {
	var err error
	for attempt := 0; attempt < 12; attempt++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second << attempt) // want `retry delay doubles each attempt with no cap \(wait at line 39\): after 11 failures it waits 17m4s; clamp it with min\(d, maxDelay\)` `retry delay has no jitter`
	}
	return err
}

// math.Pow with a context: cancellable, but nothing caps the wait.
func pow(ctx context.Context) error {
	for i := 0; ; i++ {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(time.Duration(math.Pow(2, float64(i))) * base) // want `retry delay doubles each attempt with no cap \(wait at line 53\): after 11 failures it waits 1m42s and keeps growing` `no jitter`
	}
}

// A select on time.After with a doubling variable and jitter: the wait
// is jittered but still grows with no cap.
func selectAfter(ctx context.Context) error {
	d := base
	for {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d + rand.N(d/2)):
		}
		d = d * 2 // want `retry delay doubles each attempt with no cap`
	}
}

// Timer.Reset with a shifted base.
func timerReset(ctx context.Context) error {
	t := time.NewTimer(0)
	defer t.Stop()
	for n := 0; ; n++ {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		t.Reset(rand.N(base << n)) // want `retry delay doubles each attempt with no cap`
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

// Through a helper: the growth is reported where it is written.
func viaHelper(ctx context.Context, tries int) error {
	var err error
	for n := 0; n < tries; n++ {
		if err = opCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(calcDelay(n)) // want `retry delay has no jitter`
	}
	return err
}

func calcDelay(n int) time.Duration {
	return base * (1 << n) // want `retry delay doubles each attempt with no cap \(wait at line 98\): after 11 failures it waits 1m42s and keeps growing`
}

// --- no jitter ---

// Ten attempts a fixed wait apart: more waves than a hint
// (../jitterpolicy holds the short ones).
func constant() error {
	var err error
	for i := 0; i < 10; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(500 * time.Millisecond) // want `retry delay has no jitter: clients that failed together retry together; add random jitter \(full jitter: rand.N\(d\)\)`
	}
	return err
}

// Linear growth is not geometric: no cap finding, but no jitter either.
func linear() error {
	var err error
	for i := 0; i < 5; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second) // want `retry delay has no jitter`
	}
	return err
}

// --- no bound ---

func forever() {
	for { // want `retry loop has no attempt limit, no deadline and no cancellation: it retries forever while the dependency is down; count the attempts or stop on ctx.Done\(\)`
		if err := op(); err == nil {
			return
		}
		time.Sleep(rand.N(time.Second))
	}
}

// --- must not report ---

// Full jitter over a capped exponential.
func fullJitter(ctx context.Context) error {
	var err error
	for attempt := range 10 {
		if err = opCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(rand.N(min(maxDelay, base<<attempt)))
	}
	return err
}

// Equal jitter.
func equalJitter() error {
	var err error
	for n := 0; n < 8; n++ {
		if err = op(); err == nil {
			return nil
		}
		d := min(maxDelay, base<<n)
		time.Sleep(d/2 + rand.N(d/2))
	}
	return err
}

// Decorrelated jitter: sleep = min(cap, random_between(base, sleep*3)).
func decorrelated(ctx context.Context) error {
	sleep := base
	for {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		sleep = min(maxDelay, base+rand.N(sleep*3-base))
		time.Sleep(sleep)
	}
}

// Clamped with an if, and jittered.
func ifClamp(ctx context.Context) error {
	d := base
	for {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(d + rand.N(d/4))
		d *= 2
		if d > maxDelay {
			d = maxDelay
		}
	}
}

// Grows only while under the cap.
func growWhileUnder(ctx context.Context) error {
	d := base
	for {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(rand.N(d))
		if d < maxDelay {
			d *= 2
		}
	}
}

// A saturating helper.
func saturating(ctx context.Context) error {
	d := base
	for {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(rand.N(capped(d)))
		d *= 2
	}
}

func capped(d time.Duration) time.Duration {
	if d > maxDelay {
		return maxDelay
	}
	return d
}

// Four doublings of 100ms are not worth a report.
func shortGrowth() error {
	var err error
	d := base
	for i := 0; i < 4; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(d + rand.N(d))
		d *= 2
	}
	return err
}

// The delay comes from the caller: whether it is random is not visible.
func fromParam(delay time.Duration) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(delay)
	}
	return err
}

// Doubled once before the loop: constant inside it, and jittered.
func doubledOnce() error {
	var err error
	d := base
	d *= 2
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(d + rand.N(d))
	}
	return err
}

// A read loop: success goes round again; not a retry.
func readLoop(r io.Reader) error {
	buf := make([]byte, 512)
	d := base
	for {
		if _, err := r.Read(buf); err != nil {
			return err
		}
		time.Sleep(d)
		d *= 2
	}
}

// A ticker-driven periodic task.
func periodic(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = op()
		}
	}
}

// A worker loop: success does not leave.
func worker(jobs <-chan func() error) {
	for job := range jobs {
		if err := job(); err != nil {
			time.Sleep(time.Second)
		}
	}
}

// Rejection sampling: tries until a candidate passes, never waits; the
// loop shape of a retry, but not one.
func sample(gen func() int, ok func(int) error) int {
	for {
		k := gen()
		if err := ok(k); err == nil {
			return k
		}
	}
}

// --- cancellation through the attempt's error ---

var errBusy = errors.New("busy")

// The attempt is given ctx, and the loop leaves on the context's error:
// the caller's cancellation ends it.
func watchUntilCanceled(ctx context.Context) error {
	for {
		err := opCtx(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, context.Canceled) {
			return err
		}
		time.Sleep(time.Second + rand.N(time.Second))
	}
}

// Only a listed error goes round; the context's error leaves.
func createWhileBusy(ctx context.Context) error {
	for {
		err := opCtx(ctx)
		if err == nil {
			return nil
		}
		if !errors.Is(err, errBusy) {
			return err
		}
		time.Sleep(time.Second + rand.N(time.Second))
	}
}

// Twin: the attempt is not given a context anyone can cancel.
func createWhileBusyBackground() error {
	for { // want `retry loop has no attempt limit, no deadline and no cancellation`
		err := opCtx(context.Background())
		if err == nil {
			return nil
		}
		if !errors.Is(err, errBusy) {
			return err
		}
		time.Sleep(time.Second + rand.N(time.Second))
	}
}

// Twin: every error goes round, the context's too.
func retryEveryError(ctx context.Context) error {
	for { // want `retry loop has no attempt limit, no deadline and no cancellation`
		if err := opCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second + rand.N(time.Second))
	}
}

// A jittered wait is at least its base: the lower bound is rounded down
// (500ms x 2^18 is 36h24m32s: at least 36h24m, not 36h25m).
func jitteredCounted(ctx context.Context) error {
	d := 500 * time.Millisecond
	var err error
	for i := 0; i < 20; i++ {
		if err = opCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(d + rand.N(d/4))
		d *= 2 // want `retry delay doubles each attempt with no cap \(wait at line \d+\): after 19 failures it waits at least 36h24m0s;`
	}
	return err
}

// Twins: only the jitter grows, so the wait is at least 500ms each time,
// not 500ms doubling, and no length is claimed for it (as for full
// jitter); a fixed wait with a jitter added is jittered.
func jitterAloneGrows(ctx context.Context) error {
	d := 500 * time.Millisecond
	var err error
	for i := 0; i < 20; i++ {
		if err = opCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(500*time.Millisecond + rand.N(d))
		d *= 2
	}
	return err
}

func fixedJitterCounted(ctx context.Context) error {
	var err error
	for i := 0; i < 20; i++ {
		if err = opCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(2*time.Second + rand.N(time.Second))
	}
	return err
}
