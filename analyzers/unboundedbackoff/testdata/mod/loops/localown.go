package loops

import (
	"context"
	"errors"
	"sync"
	"time"

	"example.com/unboundedbackofftest/remote"
)

// The package's own functions are read: one whose body, and the bodies
// of the package's functions it calls, make only local calls (a map
// under a mutex, a counter) keeps the attempt on this machine. (One that
// returns no error is a probe, and a loop on it no retry at all:
// waitstate.go.)

type watch struct {
	key    string
	notify func() // a function field: the package's code called never calls it
}

type store struct {
	mu       sync.Mutex
	watchers map[*watch]bool
	probe    func() bool
}

var errHeld = errors.New("watch held by another goroutine")

// tryDelete removes a watch unless another goroutine holds it.
func (s *store) tryDelete(w *watch) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.watchers[w] {
		return errHeld
	}
	delete(s.watchers, w)
	return nil
}

// Must not report no jitter: waiting for another goroutine to let go of
// a watch (etcd's cancelWatcher, had its check an error). The check is a
// map delete under the mutex; handing it w, which holds a function,
// calls nothing. Nothing ends the wait, which is reported for itself.
func (s *store) cancel(w *watch) {
	for { // want `retry loop has no attempt limit`
		if s.tryDelete(w) == nil {
			break
		}
		time.Sleep(time.Millisecond)
	}
	w.notify = nil
}

func (s *store) tryDeleteProbed(w *watch) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.probe() {
		return errHeld
	}
	delete(s.watchers, w)
	return nil
}

// The twin's check calls a function value, which may reach anything:
// reported.
func (s *store) cancelProbed(w *watch) {
	for { // want `retry loop has no attempt limit`
		if s.tryDeleteProbed(w) == nil {
			break
		}
		time.Sleep(time.Millisecond) // want `retry delay has no jitter`
	}
	w.notify = nil
}

type counters struct {
	mu     sync.RWMutex
	events map[string]int32
}

func (c *counters) count(kind string) int32 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.events[kind]
}

func (c *counters) reached(kinds []string, n int32) bool {
	for _, k := range kinds {
		if c.count(k) < n {
			return false
		}
	}
	return true
}

// Must not report: polling in-memory counters until the context is done
// (mongo-driver's waitForEvent), two of the package's functions down: a
// probe, so no retry.
func waitForEvents(ctx context.Context, c *counters, kinds []string, n int32) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
			if c.reached(kinds, n) {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (c *counters) reachedRemote(kinds []string, n int32) bool {
	for _, k := range kinds {
		if c.count(k) < n || remote.Call() != nil {
			return false
		}
	}
	return true
}

// The twin asks a peer two calls down: reported.
func waitForRemote(ctx context.Context, c *counters, kinds []string, n int32) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
			if c.reachedRemote(kinds, n) {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond) // want `retry delay has no jitter`
	}
}
