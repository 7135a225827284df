package budget

import (
	"context"
	"time"
)

// A loop that waits through a helper of the package that computes what
// it waits from its arguments still waits between attempts: the first
// attempt that hangs uses all of the 10s, however long the waits are.
func waitHelperComputed(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry's attempts have no timeout of their own under a 10s deadline: a first attempt that hangs uses the whole budget and no retry runs`
		if err = call(ctx); err == nil {
			return nil
		}
		if serr := pause(ctx, time.Second, 4*time.Second, i+1); serr != nil {
			return serr
		}
	}
	return err
}

// pause waits nextDelay(base, most, n), or until ctx is done.
func pause(ctx context.Context, base, most time.Duration, n int) error {
	t := time.NewTimer(nextDelay(base, most, n))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func nextDelay(base, most time.Duration, n int) time.Duration {
	d := base << (n - 1)
	if d <= 0 || d > most {
		d = most
	}
	return d
}

// A helper that waits a constant it is not handed waits as well.
func waitHelperConst(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry's attempts have no timeout of their own under a 10s deadline`
		if err = call(ctx); err == nil {
			return nil
		}
		rest(i)
	}
	return err
}

// rest waits a second before the next attempt.
func rest(attempt int) {
	if attempt > 0 {
		time.Sleep(time.Second)
	}
}

// The twin with a timeout of each attempt's own: quiet.
func waitHelperPerAttempt(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		actx, acancel := context.WithTimeout(ctx, 2*time.Second)
		err = call(actx)
		acancel()
		if err == nil {
			return nil
		}
		if serr := pause(ctx, time.Second, 4*time.Second, i+1); serr != nil {
			return serr
		}
	}
	return err
}

// The twin whose only helper with a timer is the attempt itself, whose
// timer bounds the attempt: it does not wait between attempts, which
// follow at once, and is not counted.
func attemptTimer(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = callWithin(ctx); err == nil {
			return nil
		}
	}
	return err
}

// callWithin gives up on call after 2s.
func callWithin(ctx context.Context) error {
	done := make(chan error, 1)
	go func() { done <- call(ctx) }()
	select {
	case err := <-done:
		return err
	case <-time.After(2 * time.Second):
		return context.DeadlineExceeded
	}
}

// A deadline kept in a local given one constant is that constant.
func deadlineLocal(ctx context.Context) error {
	d := 10 * time.Second
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry's attempts have no timeout of their own under a 10s deadline`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twin whose local is set on one way only: its value is not known,
// and neither is the deadline (the retry's worst case is kept for callers
// whose ctx may have one).
func deadlineLocalMaybe(ctx context.Context, long bool) error { // want deadlineLocalMaybe:`budget\(ctx 0, retry loop \? \+ 1s \+ \? \+ 1s \+ \? >= 2s\)`
	d := 10 * time.Second
	if long {
		d = deadlineOf(ctx)
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func deadlineOf(ctx context.Context) time.Duration {
	if dl, ok := ctx.Deadline(); ok {
		return time.Until(dl)
	}
	return time.Minute
}
