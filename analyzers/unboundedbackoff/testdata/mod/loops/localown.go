package loops

import (
	"context"
	"sync"
	"time"

	"example.com/unboundedbackofftest/remote"
)

// The package's own functions are read: one whose body, and the bodies
// of the package's functions it calls, make only local calls (a map
// under a mutex, a counter) keeps the attempt on this machine.

type watch struct {
	key    string
	notify func() // a function field: called nowhere in the loop's reach
}

type store struct {
	mu       sync.Mutex
	watchers map[*watch]bool
	victims  []map[*watch]bool
	probe    func() bool
}

func (s *store) deleteWatcher(w *watch) bool {
	if !s.watchers[w] {
		return false
	}
	delete(s.watchers, w)
	return true
}

// Must not report: waiting for another goroutine to let go of a watch
// (etcd's cancelWatcher). Every check is a map lookup under the mutex.
func (s *store) cancel(ctx context.Context, w *watch) {
	for ctx.Err() == nil {
		s.mu.Lock()
		if s.deleteWatcher(w) {
			s.mu.Unlock()
			return
		}
		for _, v := range s.victims {
			if v[w] {
				delete(v, w)
				s.mu.Unlock()
				return
			}
		}
		s.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
}

func (s *store) probeWatcher(w *watch) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.probe() && s.watchers[w]
}

// The twin's check calls a function value, which may reach anything:
// reported.
func (s *store) cancelProbed(ctx context.Context, w *watch) {
	for ctx.Err() == nil {
		if s.probeWatcher(w) {
			return
		}
		time.Sleep(time.Millisecond) // want `retry delay has no jitter`
	}
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
// (mongo-driver's waitForEvent), two of the package's functions down.
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
