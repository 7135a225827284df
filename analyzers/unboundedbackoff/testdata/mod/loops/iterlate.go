package loops

import (
	"iter"
	"time"

	"example.com/unboundedbackofftest/remote"
)

// doublings yields n waits doubling from base, with no clamp and no
// jitter; it grows the wait in its loop's post statement.
func doublings(base time.Duration, n int) iter.Seq[time.Duration] {
	return func(yield func(time.Duration) bool) {
		for i, d := 0, base; i < n; i, d = i+1, d*2 { // want `retry delay doubles each attempt with no cap \(wait at line \d+\): after 19 failures it waits 72h49m0s`
			if !yield(d) {
				return
			}
		}
	}
}

// The attempt is made before the loop and again at the end of the body,
// which tests the error the pass before it left: a retry all the same,
// whose waits come from the iterator.
func iterLateUncapped() error {
	err := op()
	for d := range doublings(time.Second, 20) {
		if err == nil {
			return nil
		}
		time.Sleep(d) // want `retry delay has no jitter`
		err = op()
	}
	return err
}

// Twin: the iterator clamps and jitters.
func iterLateCapped() error {
	err := op()
	for d := range cappedBackoffs(time.Second, 10*time.Second, 20) {
		if err == nil {
			return nil
		}
		time.Sleep(d)
		err = op()
	}
	return err
}

// Twin: a worker over items that stops at the first failure. It waits
// between items as a retry waits between attempts, but success goes
// round to the next item: no retry, so its wait is no retry delay.
func iterLateWorker(items []string) error {
	var err error
	for item := range each(items) {
		if err != nil {
			return err
		}
		time.Sleep(time.Second)
		err = process(item)
	}
	return err
}

// Twin: the same worker ranging over the package's own doubling
// iterator's waits: still no retry.
func iterLateWorkerWaits() error {
	err := op()
	for d := range doublings(time.Second, 20) {
		if err != nil {
			return err
		}
		time.Sleep(d)
		err = op()
	}
	return err
}

// each yields the items of a slice.
func each(items []string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, it := range items {
			if !yield(it) {
				return
			}
		}
	}
}

// process sends one item.
func process(item string) error {
	if item == "" {
		return nil
	}
	return remote.Call()
}
