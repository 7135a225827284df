// Package replicate sends a log to a follower from an event loop, as
// raft's replication does, beside a retry loop that a wake-up channel
// can cut short.
package replicate

import (
	"context"
	"errors"
	"time"
)

type follower struct {
	next, last int
}

var errBusy = errors.New("busy")

func (f *follower) appendEntries(ctx context.Context, from int) (int, error) {
	if ctx.Err() != nil {
		return 0, errBusy
	}
	return from + 64, nil
}

// sendAll sends the entries a batch at a time: each success asks for
// the next batch, an error returns. Not a retry.
func (f *follower) sendAll(ctx context.Context) (stop bool) {
	for f.next <= f.last {
		next, err := f.appendEntries(ctx, f.next)
		if err != nil {
			return false
		}
		f.next = next
	}
	return ctx.Err() != nil
}

// push tries one batch three times.
func (f *follower) push(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = f.appendEntries(ctx, f.next); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// replicate is an event loop: each new entry, and a tick that fires
// whatever the last send did, sends. A failed send waits for the next
// trigger or tick.
func (f *follower) replicate(ctx context.Context, trigger, stopCh <-chan struct{}) {
	stop := false
	for !stop {
		select {
		case <-stopCh:
			return
		case <-trigger:
			stop = f.sendAll(ctx)
		case <-time.After(50 * time.Millisecond):
			stop = f.sendAll(ctx)
		}
	}
}

// pushAll pushes the pending batch, which push tries three times, and
// says to stop once the context has ended.
func (f *follower) pushAll(ctx context.Context) (stop bool) {
	if err := f.push(ctx); err != nil {
		return ctx.Err() != nil
	}
	return false
}

// replicateRetrying is the same event loop over a send that retries:
// the loop is not a retry, so there is one layer.
func (f *follower) replicateRetrying(ctx context.Context, trigger, stopCh <-chan struct{}) {
	stop := false
	for !stop {
		select {
		case <-stopCh:
			return
		case <-trigger:
			stop = f.pushAll(ctx)
		case <-time.After(50 * time.Millisecond):
			stop = f.pushAll(ctx)
		}
	}
}

// deliver retries push, waiting a second or until woken: a retry loop
// around a retry.
func (f *follower) deliver(ctx context.Context, wake <-chan struct{}) error {
	var err error
	for i := 0; i < 5; i++ { // want `retry loop \(5 attempts\) calls follower.push, which retries again`
		if err = f.push(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-wake:
		case <-time.After(time.Second):
		}
	}
	return err
}

// sendSnapshot ships a snapshot; stop says a newer term ended
// replication.
func (f *follower) sendSnapshot(ctx context.Context) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	f.next = f.last - 64
	return f.next > f.last, nil
}

// catchUp is raft's replicateTo: the snapshot step goes round only when
// it went out and more is left, after a wait that only earlier failures
// make. It goes round on success: no retry.
func (f *follower) catchUp(ctx context.Context, failures int) error {
START:
	if failures > 0 {
		time.Sleep(time.Duration(failures) * 10 * time.Millisecond)
	}
	if stop, err := f.sendSnapshot(ctx); stop {
		return errStopped
	} else if err != nil {
		return err
	}
	if f.next <= f.last {
		goto START
	}
	return nil
}

var errStopped = errors.New("stopped")

// deliverAll retries catching up, which is no retry itself: one layer.
func (f *follower) deliverAll(ctx context.Context) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = f.catchUp(ctx, i); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
