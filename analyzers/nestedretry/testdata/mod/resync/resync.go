// Package resync holds watchers that call a retrying loader on one
// branch: a layer only when the watcher goes round after the loader fails.
package resync

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	"k8s.io/client-go/tools/cache"
)

// What makes each loop below run decides what its count of calls is per.

// Start runs the watch in the background: its calls are per run of the
// watcher, not per request, though Start is exported.
func (w *watcher) Start(ctx context.Context) {
	go func() {
		if err := w.resyncOrGiveUp(ctx); err != nil {
			log.Print(err)
		}
	}()
	go w.resyncAndGoRound(ctx)
}

// ServeHTTP resyncs on request: a request path.
func (w *watcher) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	if err := w.resyncAsAttempt(r.Context()); err != nil {
		http.Error(rw, err.Error(), http.StatusBadGateway)
	}
}

// handlers resync on every informer event.
func (w *watcher) handlers(ctx context.Context) cache.ResourceEventHandlerFuncs {
	return cache.ResourceEventHandlerFuncs{
		AddFunc: func(any) {
			_ = w.opRetriesReload(ctx)
		},
	}
}

var errCompacted = errors.New("required revision has been compacted")

type watcher struct {
	c   *http.Client
	url string
}

// watch opens the watch; it fails with errCompacted when the revision it
// resumes from is gone.
func (w *watcher) watch(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, w.url+"/watch", nil)
	if err != nil {
		return err
	}
	resp, err := w.c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusGone {
		return errCompacted
	}
	return nil
}

// reload lists everything again, retrying the list five times.
func (w *watcher) reload(ctx context.Context) error {
	list := func() error {
		resp, err := w.c.Get(w.url + "/list")
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return backoff.Retry(list, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx))
}

// The loader's failure leaves the loop: its retries run once, not once
// per watch attempt.
func (w *watcher) resyncOrGiveUp(ctx context.Context) error {
	for {
		err := w.watch(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, errCompacted) {
			if err := w.reload(ctx); err != nil {
				return err
			}
		}
		time.Sleep(time.Second)
	}
}

// The same with the loader's failure written first: it still leaves.
func (w *watcher) resyncOrGiveUpEarly(ctx context.Context) error {
	for i := 0; i < 10; i++ {
		err := w.watch(ctx)
		if err == nil {
			return nil
		}
		if !errors.Is(err, errCompacted) {
			time.Sleep(time.Second)
			continue
		}
		if rerr := w.reload(ctx); rerr != nil {
			return rerr
		}
	}
	return errors.New("watch: too many compactions")
}

// The twin: the loader's failure is logged and the loop goes round, so
// every watch attempt can run the loader's five.
func (w *watcher) resyncAndGoRound(ctx context.Context) error {
	for { // want `retry loop \(unbounded attempts\) calls watcher.reload, which retries again: an unbounded number of calls per run \(∞x5 via watcher.reload -> backoff.Retry\)`
		err := w.watch(ctx)
		if err == nil {
			return nil
		}
		if errors.Is(err, errCompacted) {
			if err := w.reload(ctx); err != nil {
				log.Printf("resync: %v", err)
			}
		}
		time.Sleep(time.Second)
	}
}

// The twin whose loader's error is the next attempt's error: a failed
// reload goes round as a failed watch does.
func (w *watcher) resyncAsAttempt(ctx context.Context) error {
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls watcher.reload, which retries again: up to 15 calls per request \(3x5 via watcher.reload -> backoff.Retry\)`
		err := w.watch(ctx)
		if errors.Is(err, errCompacted) {
			err = w.reload(ctx)
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("watch: giving up")
}

// An operation handed to backoff.Retry that stops the retry when the
// loader fails (backoff.Permanent): the loader's retries run once.
func (w *watcher) opStopsOnReload(ctx context.Context) error {
	return backoff.Retry(func() error {
		err := w.watch(ctx)
		if errors.Is(err, errCompacted) {
			if rerr := w.reload(ctx); rerr != nil {
				return backoff.Permanent(rerr)
			}
		}
		return err
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2))
}

// The twin returns the loader's error as is: backoff.Retry goes round.
func (w *watcher) opRetriesReload(ctx context.Context) error {
	return backoff.Retry(func() error { // want `backoff.Retry \(3 attempts\) calls watcher.reload, which retries again: up to 15 calls per event \(3x5 via watcher.reload -> backoff.Retry\)`
		err := w.watch(ctx)
		if errors.Is(err, errCompacted) {
			if rerr := w.reload(ctx); rerr != nil {
				return rerr
			}
		}
		return err
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2))
}
