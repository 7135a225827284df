package loops

import (
	"time"

	"github.com/Rican7/retry/backoff"
	"github.com/Rican7/retry/jitter"
	"github.com/Rican7/retry/strategy"
)

// A retry library's delay policy called as the pause of a hand-written
// loop: strategy.Backoff sleeps Linear's attempt*100ms, with no jitter.
func linearPause() error {
	wait := strategy.Backoff(backoff.Linear(100 * time.Millisecond))
	var err error
	for retries := 0; retries < 20; retries++ {
		if err = op(); err == nil {
			return nil
		}
		wait(uint(retries)) // want `retry delay has no jitter: clients that failed together retry together; use strategy.BackoffWithJitter`
	}
	return err
}

// The same pause in a loop over a range of attempts.
func rangePause() error {
	wait := strategy.Backoff(backoff.Linear(100 * time.Millisecond))
	var err error
	for i := range uint(20) {
		if err = op(); err == nil {
			break
		}
		wait(i) // want `retry delay has no jitter`
	}
	return err
}

// Must not report: the jittered strategy.
func jitteredPause() error {
	wait := strategy.BackoffWithJitter(backoff.Linear(100*time.Millisecond), jitter.Deviation(nil, 0.5))
	var err error
	for retries := 0; retries < 20; retries++ {
		if err = op(); err == nil {
			return nil
		}
		wait(uint(retries))
	}
	return err
}

// Must not report: a pause handed in by the caller may be anything.
func givenPause(wait func(uint) bool) (err error) {
	for i := range uint(20) {
		if err = op(); err == nil {
			break
		}
		wait(i)
	}
	return err
}
