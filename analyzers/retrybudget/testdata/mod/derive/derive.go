// Package derive holds deadlines that reach a retry through a context
// derived on the way: context.WithValue and WithCancel keep the parent's
// deadline, context.WithoutCancel drops it, and a helper of the package
// is read through its return.
package derive

import (
	"context"
	"errors"
	"time"
)

func call(ctx context.Context) error { return errors.New("x") }

type accountKey struct{}

// fetch retries: 3 x 2s attempts and 1s waits, 8s in all.
func fetch(ctx context.Context) error { // want fetch:`budget\(ctx 0, retry loop 2s \+ 1s \+ 2s \+ 1s \+ 2s = 8s\)`
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 2*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// WithValue keeps the deadline of the context it is made from.
func HandleValue(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	return fetch(context.WithValue(ctx, accountKey{}, "acct")) // want `fetch's retry \(retry loop\) can take 2s \+ 1s \+ 2s \+ 1s \+ 2s = 8s but its context has a 3s deadline`
}

// So does WithCancel.
func HandleCancel(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	cctx, stop := context.WithCancel(ctx)
	defer stop()
	return fetch(cctx) // want `fetch's retry \(retry loop\) can take .* = 8s but its context has a 3s deadline`
}

// withAccount is a helper of the package that returns such a context.
func withAccount(ctx context.Context) context.Context {
	return context.WithValue(ctx, accountKey{}, "acct")
}

// load passes its context on through WithValue: it carries fetch's
// summary.
func load(ctx context.Context) error { // want load:`budget\(ctx 0, retry loop .* = 8s, in fetch\)`
	return fetch(withAccount(ctx))
}

func HandleCarried(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	return load(ctx) // want `load's retry \(retry loop, in fetch\) can take .* = 8s but its context has a 3s deadline`
}

// The twin: a context of its own, made from Background, does not have
// the deadline.
func HandleRoot(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	if err := call(ctx); err != nil {
		return err
	}
	return fetch(context.WithValue(context.Background(), accountKey{}, "acct"))
}

// The twin: a helper that detaches the context drops the deadline.
func detach(ctx context.Context) context.Context {
	return context.WithoutCancel(context.WithValue(ctx, accountKey{}, "acct"))
}

func HandleDetachedHelper(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	return fetch(detach(ctx))
}

// context.WithoutCancel drops the 2s deadline: the attempts, made from
// it, have only their own 5s (an audit write that outlives the request).
func Audit(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	bg := context.WithoutCancel(ctx)
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(bg, 5*time.Second)
		err := call(actx)
		c()
		if err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// The twin: the attempts are made from the context with the deadline.
func AuditBound(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	for i := 0; i < 3; i++ { // want `retry gives each attempt 5s but its context has a 2s deadline: the first slow attempt uses the whole budget`
		actx, c := context.WithTimeout(ctx, 5*time.Second)
		err := call(actx)
		c()
		if err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
