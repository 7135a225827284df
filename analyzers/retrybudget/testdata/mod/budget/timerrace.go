package budget

import (
	"context"
	"errors"
	"time"
)

var errAttemptTimeout = errors.New("attempt timed out")

// callRacing gives the call d: it races the result against a timer, an
// attempt timeout written without a context.
func callRacing(ctx context.Context, d time.Duration) error {
	done := make(chan error, 1)
	go func() { done <- call(ctx) }()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		return errAttemptTimeout
	}
}

// Each attempt has 2s of its own: a hung first attempt leaves the rest
// of the 10s to the retries. Quiet.
func timerRaceHelper(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = callRacing(ctx, 2*time.Second); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The same race written in the loop, on a time.Timer: quiet.
func timerRaceInline(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		done := make(chan error, 1)
		go func() { done <- call(ctx) }()
		t := time.NewTimer(2 * time.Second)
		select {
		case err = <-done:
		case <-t.C:
			err = errAttemptTimeout
		}
		t.Stop()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// callUntilDone races the result against the caller's context alone:
// the attempt has no timeout of its own, only the whole budget.
func callUntilDone(ctx context.Context) error {
	done := make(chan error, 1)
	go func() { done <- call(ctx) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

func doneRaceHelper(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry's attempts have no timeout of their own under a 10s deadline`
		if err = callUntilDone(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
