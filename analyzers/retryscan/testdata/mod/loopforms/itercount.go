package loopforms

import (
	"context"
	"errors"
	"iter"
)

// upTo yields 0..n-1; the retry's bound is the count given at the call.
func upTo(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// forever yields until the body stops it.
func forever() iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; ; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

// twice yields in two places: its count is not read.
func twice(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		if !yield(-1) {
			return
		}
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func iterCounted(ctx context.Context) error { // want `retrier\(4 via retry loop\)`
	err := errors.New("no attempt")
	for range upTo(4) { // want `site loop "retry loop" 4 attempts`
		if err = dial(ctx); err == nil {
			return nil
		}
	}
	return err
}

// Twins: a count from the caller, an iterator with no count and one that
// yields in two places have no attempt count.
func iterCountGiven(ctx context.Context, n int) error { // want `retrier\(N via retry loop\)`
	err := errors.New("no attempt")
	for range upTo(n) { // want `site loop "retry loop" N attempts`
		if err = dial(ctx); err == nil {
			return nil
		}
	}
	return err
}

func iterForever(ctx context.Context) error { // want `retrier\(N via retry loop\)`
	err := errors.New("no attempt")
	for range forever() { // want `site loop "retry loop" N attempts`
		if err = dial(ctx); err == nil {
			return nil
		}
	}
	return err
}

func iterTwice(ctx context.Context) error { // want `retrier\(N via retry loop\)`
	err := errors.New("no attempt")
	for range twice(3) { // want `site loop "retry loop" N attempts`
		if err = dial(ctx); err == nil {
			return nil
		}
	}
	return err
}
