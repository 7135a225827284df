package loops

import (
	"iter"
	"math/rand/v2"
	"time"
)

// attemptNumbers yields 0..n-1: the count of a range-over-func retry,
// read where it is called (attemptNumbers(30): 30 attempts).
func attemptNumbers(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// 30 attempts of a jittered doubling wait: the last waits at least
// 100ms * 2^28.
func iterCountedLong() error {
	var err error
	for attempt := range attemptNumbers(30) {
		if err = op(); err == nil {
			return nil
		}
		d := time.Duration(1<<attempt) * 100 * time.Millisecond // want `retry delay doubles each attempt with no cap \(wait at line \d+\): after 29 failures it waits at least 7456h`
		time.Sleep(d + rand.N(d/2+1))
	}
	return err
}

// Twin: 5 attempts of the same wait, the longest 800ms and some jitter.
func iterCountedShort() error {
	var err error
	for attempt := range attemptNumbers(5) {
		if err = op(); err == nil {
			return nil
		}
		d := time.Duration(1<<attempt) * 100 * time.Millisecond
		time.Sleep(d + rand.N(d/2+1))
	}
	return err
}

// A count the caller gives is not seen: the growth has no visible end.
func iterCountedGiven(n int) error {
	var err error
	for attempt := range attemptNumbers(n) {
		if err = op(); err == nil {
			return nil
		}
		d := time.Duration(1<<attempt) * 100 * time.Millisecond // want `retry delay doubles each attempt with no cap \(wait at line \d+\): after 11 failures it waits at least`
		time.Sleep(d + rand.N(d/2+1))
	}
	return err
}
