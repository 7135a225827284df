package loops

import (
	"errors"
	"math"
	"strconv"
	"time"

	"example.com/unboundedbackofftest/remote"
)

// A count of failures kept in a field of the value the attempt is
// handed, as a scheduler keeps the restarts on the job so that the next
// supervisor starts from them (flynn/flynn#1340). No function but the
// loop's reads the field, so stepping it changes no attempt.

type job struct {
	name     string
	restarts int
}

// startJob runs the job on another machine: it reads the job's name,
// not its restarts.
func startJob(j *job) error { return remote.Start(j.name) }

func jobBackoff(n int) time.Duration {
	return time.Duration(math.Pow(2, float64(n))) * 10 * time.Second // want `retry delay doubles each attempt with no cap`
}

// The wait grows with the field as with a local counter, and nothing
// tests it: no cap, no bound, no jitter.
func supervise(j *job) {
	for { // want `retry loop has no attempt limit, no deadline and no cancellation`
		if err := startJob(j); err == nil {
			return
		}
		time.Sleep(jobBackoff(j.restarts)) // want `retry delay has no jitter`
		j.restarts++
	}
}

// A constant wait, the count kept only for the next supervisor: no
// bound, no jitter. Another supervisor of the same job counts in the same
// field: neither runs the other, so each loop's count is its own.
func superviseConst(j *job) {
	for { // want `retry loop has no attempt limit, no deadline and no cancellation`
		if err := startJob(j); err == nil {
			return
		}
		time.Sleep(10 * time.Second) // want `retry delay has no jitter`
		j.restarts++
	}
}

type daemon struct {
	name     string
	restarts int
}

var errStale = errors.New("stale daemon")

// startDaemon starts the count over when the daemon it finds is stale.
func startDaemon(w *daemon) error {
	err := remote.Start(w.name)
	if errors.Is(err, errStale) {
		w.forget()
	}
	return err
}

func (w *daemon) forget() { w.restarts = 0 }

// Twin: the call may set the count back, so what the wait reads is not
// seen: the loop is not taken for a retry (nothing to report).
func superviseDaemon(w *daemon) {
	for {
		if err := startDaemon(w); err == nil {
			return
		}
		time.Sleep(jobBackoff(w.restarts))
		w.restarts++
	}
}

type task struct {
	name  string
	fails int
}

func startTask(t *task) error { return remote.Start(t.name) }

// Twin: an exit tests the field. It is a bound, of a size the analyzer
// does not count (the count starts where the caller left it), so no
// bound is not reported; the wait it reads still grows with no cap.
func superviseLimited(t *task) error {
	for {
		err := startTask(t)
		if err == nil {
			return nil
		}
		if t.fails >= 5 {
			return err
		}
		t.fails++
		time.Sleep(time.Duration(math.Pow(2, float64(t.fails))) * time.Second) // want `retry delay doubles each attempt with no cap` `retry delay has no jitter`
	}
}

type record struct {
	key     string
	version int
}

// insertRecord writes the record at its version: the version is what
// the call does.
func insertRecord(r *record) error { return remote.Start(r.key + strconv.Itoa(r.version)) }

// Twin: a step of a field the called function reads is a search for a
// free version, not a retry (nothing to report).
func insertNextVersion(r *record) {
	for {
		if err := insertRecord(r); err == nil {
			return
		}
		time.Sleep(10 * time.Second)
		r.version++
	}
}

type session struct {
	id       string
	attempts int
}

func openSession(id string, n int) error { return remote.Start(id) }

// Twin: the field is handed to the call by name, as a local counter
// would be: each attempt is a different call (nothing to report).
func openNumbered(s *session) {
	for {
		if err := openSession(s.id, s.attempts); err == nil {
			return
		}
		time.Sleep(10 * time.Second)
		s.attempts++
	}
}

type replica struct {
	name  string
	fails int
}

// starter starts replicas; pool is the package's one.
type starter interface{ start(r *replica) error }

type pool struct{}

// start starts the count over on every call.
func (pool) start(r *replica) error {
	r.fails = 0
	return remote.Start(r.name)
}

// Twin: the call through an interface may run pool.start, which sets the
// count back (nothing to report).
func superviseReplica(s starter, r *replica) {
	for {
		if err := s.start(r); err == nil {
			return
		}
		time.Sleep(jobBackoff(r.fails))
		r.fails++
	}
}
