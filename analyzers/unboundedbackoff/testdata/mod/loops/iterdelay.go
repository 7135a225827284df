package loops

import (
	"iter"
	"math/rand/v2"
	"time"
)

// cappedBackoffs clamps what it yields.
func cappedBackoffs(base, limit time.Duration, n int) iter.Seq[time.Duration] {
	return func(yield func(time.Duration) bool) {
		d := base
		for range n {
			if !yield(rand.N(d)) {
				return
			}
			d = min(d*2, limit)
		}
	}
}

// fixedDelays yields the same wait every time.
func fixedDelays(d time.Duration) iter.Seq[time.Duration] {
	return func(yield func(time.Duration) bool) {
		for {
			if !yield(d) {
				return
			}
		}
	}
}

// The waits come from the iterator: its own loop grows them.
func iterUncapped() error {
	var err error
	for d := range backoffs(time.Second, 10) {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

// Twin: the iterator clamps and jitters.
func iterCapped() error {
	var err error
	for d := range cappedBackoffs(time.Second, 10*time.Second, 10) {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}

// A constant wait from the iterator, with no visible attempt limit (the
// iterator's own bound is not read: its attempts are unknown).
func iterFixed() error {
	var err error
	for d := range fixedDelays(2 * time.Second) {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(d) // want `retry delay has no jitter`
	}
	return err
}

// Twin: the same iterator's waits, jittered by the body.
func iterFixedJittered() error {
	var err error
	for d := range fixedDelays(2 * time.Second) {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(d + rand.N(d))
	}
	return err
}

// Twin: an iterator handed in is out of sight: its waits are unknown.
func iterGiven(seq iter.Seq[time.Duration]) error {
	var err error
	for d := range seq {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return err
}
