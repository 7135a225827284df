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

// A closure that counts in a variable it captured. Must not report no
// bound.
func closureCounter() error {
	n := 0
	next := func() int { n++; return n }
	for {
		err := op()
		if err == nil || next() > 8 {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
}

// A budget behind a bool: exhausted counts the calls. Must not report
// no bound.
type budget struct{ used int }

func (b *budget) exhausted() bool { b.used++; return b.used > 8 }

func boolCounter() error {
	var b budget
	for {
		err := op()
		if err == nil || b.exhausted() {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
}

// A counter a constructor made before the loop. Must not report no
// bound.
func newTally() *tally { return &tally{} }

func madeCounter() error {
	t := newTally()
	for {
		err := op()
		if err == nil || t.inc() >= 8 {
			return err
		}
		time.Sleep(rand.N(time.Second))
	}
}

type switchOff struct{ off bool }

func (s *switchOff) disabled() bool { return s.off }

// Twin: a bool that only reads what nothing in the loop changes counts
// nothing: the loop leaves only on success.
func untilSwitchedOff() {
	s := &switchOff{}
	for { // want `retry loop has no attempt limit, no deadline and no cancellation`
		if err := op(); err == nil || s.disabled() {
			return
		}
		time.Sleep(rand.N(time.Second))
	}
}

type attempts struct{ n, max int }

func (a *attempts) more() bool { return a.n < a.max }

// A bool that only reads, but reads a count the loop writes. Must not
// report no bound.
func readCounter() error {
	st := attempts{max: 8}
	err := op()
	for err != nil && st.more() {
		st.n++
		time.Sleep(rand.N(time.Second))
		err = op()
	}
	return err
}

// Twin: the loop writes another object than the one the bool reads.
func readOtherCounter() error {
	st, other := attempts{max: 8}, attempts{}
	for { // want `retry loop has no attempt limit, no deadline and no cancellation`
		if err := op(); err == nil || !st.more() {
			return err
		}
		other.n++
		time.Sleep(rand.N(time.Second))
	}
}

// Twin: the loop writes a field the bool does not read.
func untilSwitchedOffNoted() {
	s := &noted{}
	for { // want `retry loop has no attempt limit, no deadline and no cancellation`
		err := op()
		if err == nil || s.disabled() {
			return
		}
		s.lastErr = err
		time.Sleep(rand.N(time.Second))
	}
}

type noted struct {
	off     bool
	lastErr error
}

func (s *noted) disabled() bool { return s.off }
