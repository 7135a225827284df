package loops

import (
	"sync"
	"time"

	"example.com/unboundedbackofftest/remote"
)

// How far the recognizer reads a local attempt (retryscan's local.go):
// the package's functions all the way down, not the blocks that leave
// the loop, and no function that calls itself back.

type slots struct {
	mu    sync.Mutex
	held  map[string]bool
	check func(string) bool
}

func (s *slots) free(k string) bool { return !s.held[k] }

func (s *slots) freeChecked(k string) bool { return s.check(k) }

func (s *slots) tryTake(k string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.free(k) {
		return errHeld
	}
	s.held[k] = true
	return nil
}

func (s *slots) tryTakeChecked(k string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.freeChecked(k) {
		return errHeld
	}
	s.held[k] = true
	return nil
}

// Must not report no jitter: a map read under the mutex, two of the
// package's functions down.
func (s *slots) take(k string) error {
	var err error
	for i := 0; i < 100; i++ {
		if err = s.tryTake(k); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return err
}

// The twin's check, two functions down, calls a function value, which
// may reach anything: reported.
func (s *slots) takeChecked(k string) error {
	var err error
	for i := 0; i < 100; i++ {
		if err = s.tryTakeChecked(k); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond) // want `retry delay has no jitter`
	}
	return err
}

// Must not report no jitter: telling a peer after the take succeeded
// runs once, in the block that leaves the loop; the attempt is local.
func (s *slots) takeAndAnnounce(k string) error {
	var err error
	for i := 0; i < 100; i++ {
		if err = s.tryTake(k); err == nil {
			return remote.Call()
		}
		time.Sleep(time.Millisecond)
	}
	return err
}

// The twin tells the peer on every failed round: reported.
func (s *slots) takeAnnouncingFailures(k string) error {
	var err error
	for i := 0; i < 100; i++ {
		if err = s.tryTake(k); err == nil {
			return nil
		}
		_ = remote.Call()
		time.Sleep(time.Millisecond) // want `retry delay has no jitter`
	}
	return err
}

type lockTree struct {
	key         string
	locked      bool
	left, right *lockTree
}

// lock walks down the tree by calling itself: what a recursion runs is
// not told, so it counts as remote (a limit of the rule, documented).
func (t *lockTree) lock(k string) error {
	switch {
	case t == nil:
		return errHeld
	case k < t.key:
		return t.left.lock(k)
	case k > t.key:
		return t.right.lock(k)
	case t.locked:
		return errHeld
	}
	t.locked = true
	return nil
}

// lockIter walks down the same tree in a loop.
func (t *lockTree) lockIter(k string) error {
	for t != nil && t.key != k {
		if k < t.key {
			t = t.left
		} else {
			t = t.right
		}
	}
	if t == nil || t.locked {
		return errHeld
	}
	t.locked = true
	return nil
}

// A retry of the recursive lock is asked for jitter.
func (t *lockTree) waitLock(k string) error {
	var err error
	for i := 0; i < 100; i++ {
		if err = t.lock(k); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond) // want `retry delay has no jitter`
	}
	return err
}

// Must not report no jitter: the iterative lock is local.
func (t *lockTree) waitLockIter(k string) error {
	var err error
	for i := 0; i < 100; i++ {
		if err = t.lockIter(k); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return err
}
