package loops

import (
	"context"
	"sync"
	"time"

	"example.com/unboundedbackofftest/intervals"
	"example.com/unboundedbackofftest/remote"
)

// A loop that waits for a state another goroutine of this process sets
// retries no dependency: its test is a probe (retryscan's probe.go), it
// is no retry site, and nothing is reported, jitter or bound. A probe
// may take a lock and call a package that reaches no peer; a look-alike
// whose test also asks a peer is a retry, reported.

// lister is a work-stealing worker (cloud.google.com/go/storage's
// dataflux): idle, it waits for a range the others hand over.
type lister struct {
	mu       sync.Mutex
	listed   int
	batch    int
	workers  int
	idle     chan int
	ranges   chan [2]string
	listPage func(context.Context, [2]string) (bool, error)
}

// done reads the other workers' state, a count under the mutex.
func (w *lister) done() bool {
	noMore := len(w.idle) == w.workers && len(w.ranges) == 0
	w.mu.Lock()
	n := w.listed
	w.mu.Unlock()
	return noMore || w.batch > 0 && n >= w.batch
}

// Must not report: an idle worker's wait on the other workers, though
// its loop checks ctx.Err() and a listing error leaves.
func (w *lister) run(ctx context.Context) error {
	var r [2]string
	for !w.done() {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		select {
		case r = <-w.ranges:
		case <-time.After(time.Second):
			continue
		}
		if _, err := w.listPage(ctx, r); err != nil {
			return err
		}
	}
	return nil
}

type pinger struct {
	mu sync.Mutex
	up bool
}

// ping takes a lock too, but asks a peer under it.
func (p *pinger) ping() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.up = remote.Call() == nil
	return p.up
}

// The twin waits for a peer to answer: a retry of the ping, reported.
func (p *pinger) awaitUp(ctx context.Context) error {
	for !p.ping() {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second): // want `retry delay has no jitter`
		}
	}
	return nil
}

// group keeps watches in a map and an interval tree of a package that
// reaches no peer, built here: the field is unexported and written only
// by newGroup (etcd's watcherGroup).
type group struct {
	watchers map[*watch]bool
	ranges   intervals.Tree
}

func newGroup() group {
	return group{watchers: map[*watch]bool{}, ranges: intervals.NewTree()}
}

func (g *group) remove(w *watch) bool {
	if !g.watchers[w] {
		return false
	}
	delete(g.watchers, w)
	ivl := intervals.NewStringInterval(w.key, w.key+"\x00")
	if g.ranges.Find(ivl) == nil {
		return false
	}
	return g.ranges.Delete(ivl)
}

type watchStore struct {
	mu       sync.Mutex
	unsynced group
	synced   group
}

func newWatchStore() *watchStore {
	return &watchStore{unsynced: newGroup(), synced: newGroup()}
}

// Must not report: waiting for the goroutine that holds a watch to let
// go of it (etcd's cancelWatcher). The tree's methods are called through
// an interface, on a value only intervals.NewTree made.
func (s *watchStore) cancel(w *watch) {
	for {
		s.mu.Lock()
		if s.unsynced.remove(w) {
			break
		} else if s.synced.remove(w) {
			break
		}
		s.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
	s.mu.Unlock()
}

// handedGroup's tree comes from its caller: any implementation, a client
// of a remote index as well as a tree in memory.
type handedGroup struct {
	watchers map[*watch]bool
	ranges   intervals.Tree
}

func newHandedGroup(t intervals.Tree) *handedGroup {
	return &handedGroup{watchers: map[*watch]bool{}, ranges: t}
}

func (g *handedGroup) remove(w *watch) bool {
	if !g.watchers[w] {
		return false
	}
	return g.ranges.Delete(intervals.NewStringInterval(w.key, w.key+"\x00"))
}

// The twin: its test may ask a peer, so the loop is a retry, reported.
func cancelHanded(mu *sync.Mutex, g *handedGroup, w *watch) {
	for { // want `retry loop has no attempt limit`
		mu.Lock()
		if g.remove(w) {
			break
		}
		mu.Unlock()
		time.Sleep(time.Millisecond) // want `retry delay has no jitter`
	}
	mu.Unlock()
}
