// Package resilience holds hand-written retry helpers that take the
// attempt as a function parameter.
package resilience

import (
	"context"
	"math/rand/v2"
	"time"
)

// Forever calls op until it succeeds, waiting wait between attempts.
func Forever(wait time.Duration, op func() error) {
	for op() != nil {
		time.Sleep(wait)
	}
}

// Doubling tries op attempts times, doubling a wait that starts at 100 ms.
func Doubling(attempts int, op func() error) error {
	d := 100 * time.Millisecond
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(d)
		d *= 2
	}
	return err
}

// Jittered is Doubling with up to the wait again added at random.
func Jittered(attempts int, op func() error) error {
	d := 100 * time.Millisecond
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(d + rand.N(d))
		d *= 2
	}
	return err
}

// Until calls op until it succeeds or ctx ends, with a jittered wait.
func Until(ctx context.Context, wait time.Duration, op func() error) error {
	for {
		err := op()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait/2 + rand.N(wait)):
		}
	}
}
