package loops

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

// A loop whose wait is in a helper of the package that grows it to a cap
// held in a package variable and sleeps on it (etcd's watch client).

var maxWatchBackoff = 100 * time.Millisecond

var errWatchUnavailable = errors.New("unavailable")

type watcher struct {
	ctx  context.Context
	open func(context.Context) (func() error, error)
}

func (w *watcher) backoffIfUnavailable(d time.Duration, err error) time.Duration {
	if errors.Is(err, errWatchUnavailable) {
		if d < maxWatchBackoff {
			d = min(d+d/4, maxWatchBackoff)
		}
		time.Sleep(d)
	}
	return d
}

func (w *watcher) reopen() (recv func() error, err error) {
	backoff := time.Millisecond
	for { // want `retry delay has no jitter`
		if err := w.ctx.Err(); err != nil {
			return nil, err
		}
		if recv, err = w.open(w.ctx); err == nil {
			return recv, nil
		}
		backoff = w.backoffIfUnavailable(backoff, err)
	}
}

// The twin's helper adds up to the wait again at random.
func (w *watcher) jitteredBackoff(d time.Duration, err error) time.Duration {
	if errors.Is(err, errWatchUnavailable) {
		d = min(d+d/4, maxWatchBackoff)
		time.Sleep(d + rand.N(d))
	}
	return d
}

func (w *watcher) reopenJittered() (recv func() error, err error) {
	backoff := time.Millisecond
	for {
		if err := w.ctx.Err(); err != nil {
			return nil, err
		}
		if recv, err = w.open(w.ctx); err == nil {
			return recv, nil
		}
		backoff = w.jitteredBackoff(backoff, err)
	}
}
