package loops

import (
	"math"
	"math/rand/v2"
	"time"

	"example.com/unboundedbackofftest/remote"
)

// A loop that asks a policy whether to go round, the policy waiting
// before it says yes (apache/cassandra-gocql-driver#980: the Max of
// ExponentialBackoffRetryPolicy went unused, so its sleep doubled
// without limit). The wait is the loop's, made in the policy.

type query struct{ attempts int }

type backoffPolicy struct {
	Retries  int
	Min, Max time.Duration
}

// attempt sleeps Min doubled by the query's attempts, with no cap. The
// bound is the test of the count, of a size the analyzer does not
// count: no no-bound finding.
func (p *backoffPolicy) attempt(q *query) bool {
	if q.attempts > p.Retries {
		return false
	}
	time.Sleep(p.Min * time.Duration(1<<q.attempts)) // want `retry delay doubles each attempt with no cap \(wait in backoffPolicy.attempt\): the wait grows without limit`
	return true
}

func execQuery() error {
	q := &query{}
	p := &backoffPolicy{Retries: 30, Min: 100 * time.Millisecond}
	var err error
	for {
		err = remote.Call()
		q.attempts++
		if err == nil {
			return nil
		}
		if !p.attempt(q) { // want `retry delay has no jitter`
			break
		}
	}
	return err
}

type querySession struct {
	retries int
	min     time.Duration
}

// next counts the attempts itself and grows the wait with math.Pow; the
// loop asks it in its condition. The growth is seen, the wait's start is
// not (s comes from the caller): no cap, the wait unknown.
func (s *querySession) next(q *query) bool {
	if q.attempts >= s.retries {
		return false
	}
	q.attempts++
	time.Sleep(time.Duration(float64(s.min) * math.Pow(2, float64(q.attempts)))) // want `retry delay doubles each attempt with no cap \(wait in querySession.next\)`
	return true
}

func runSession(s *querySession) error {
	q := &query{}
	err := remote.Call()
	for err != nil && s.next(q) { // its s.min is the caller's: jitter unknown
		err = remote.Call()
	}
	return err
}

// Twin: the same policy clamps its wait at Max (the fix of #980).
func (p *backoffPolicy) attemptCapped(q *query) bool {
	if q.attempts > p.Retries {
		return false
	}
	time.Sleep(min(p.Min*time.Duration(1<<q.attempts), p.Max) + rand.N(p.Min))
	return true
}

func execQueryCapped() error {
	q := &query{}
	p := &backoffPolicy{Retries: 30, Min: 100 * time.Millisecond, Max: 10 * time.Second}
	var err error
	for {
		err = remote.Call()
		q.attempts++
		if err == nil {
			return nil
		}
		if !p.attemptCapped(q) {
			break
		}
	}
	return err
}

// Twin: a policy that only decides; the loop's own wait counts, as for
// any loop (a jittered doubling clamped at 5s).
func (p *backoffPolicy) allow(q *query) bool { return q.attempts <= p.Retries }

func execQueryDecides() error {
	q := &query{}
	p := &backoffPolicy{Retries: 5}
	d := 100 * time.Millisecond
	var err error
	for {
		err = remote.Call()
		q.attempts++
		if err == nil {
			return nil
		}
		if !p.allow(q) {
			break
		}
		time.Sleep(d + rand.N(d))
		d = min(2*d, 5*time.Second)
	}
	return err
}

// Twin: a policy that sleeps a constant with jitter: nothing grows, and
// the jitter spreads the clients.
func (p *backoffPolicy) pause(q *query) bool {
	if q.attempts > p.Retries {
		return false
	}
	time.Sleep(time.Second + rand.N(time.Second))
	return true
}

func execQueryJittered() error {
	q := &query{}
	p := &backoffPolicy{Retries: 10}
	err := remote.Call()
	for ; err != nil && p.pause(q); q.attempts++ {
		err = remote.Call()
	}
	return err
}

type ticket struct {
	name  string
	tries int
}

// checkTicket sets the count back when the service says so: the count
// the policy reads is not the loop's alone.
func checkTicket(t *ticket) error {
	err := remote.Start(t.name)
	if err == nil {
		t.tries = 0
	}
	return err
}

func (p *backoffPolicy) retryTicket(t *ticket) bool {
	if t.tries > p.Retries {
		return false
	}
	time.Sleep(p.Min << t.tries)
	return true
}

// Twin: the attempt may set the count back (and the count is what it is
// handed): the loop is not taken for a retry, nothing is reported.
func submitTicket(t *ticket) error {
	p := &backoffPolicy{Retries: 8, Min: time.Second}
	var err error
	for {
		if err = checkTicket(t); err == nil {
			return nil
		}
		t.tries++
		if !p.retryTicket(t) {
			return err
		}
	}
}
