package loops

import (
	"math/rand/v2"
	"time"

	"github.com/jpillora/backoff"
)

// A count kept behind a method still ends the loop: jpillora's Backoff
// counts the waits b.Duration() hands out, b.Attempt() reads the count.
// Must not report no bound.
func jpilloraAttempts() error {
	b := &backoff.Backoff{Min: 100 * time.Millisecond, Max: 10 * time.Second, Jitter: true}
	var err error
	for b.Attempt() < 8 {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(b.Duration())
	}
	return err
}

// Twin: the same Backoff, but the loop leaves only on success.
func jpilloraForever() {
	b := &backoff.Backoff{Min: 100 * time.Millisecond, Max: 10 * time.Second, Jitter: true}
	for { // want `retry loop has no attempt limit, no deadline and no cancellation`
		if err := op(); err == nil {
			return
		}
		time.Sleep(b.Duration())
	}
}

type tally struct{ n int }

func (t *tally) inc() int { t.n++; return t.n }

// The package's own counter, stepped by the exit test itself. Must not
// report no bound.
func ownCounter() error {
	var t tally
	for {
		err := op()
		if err == nil {
			return nil
		}
		if t.inc() >= 8 {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
}

// Twin: a counter made in the attempt is new each round, so its test
// never passes.
func freshCounter() {
	for { // want `retry loop has no attempt limit, no deadline and no cancellation`
		var t tally
		if err := op(); err == nil {
			return
		}
		if t.inc() >= 8 {
			return
		}
		time.Sleep(rand.N(time.Second))
	}
}
