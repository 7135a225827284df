package neverfails

import (
	"context"
	"errors"
	"sync/atomic"
)

// The no-op limiter: every token granted.
type nopLimiter struct{}

func (nopLimiter) GetToken(context.Context, uint) (func() error, error) { // want `never fails`
	return func() error { return nil }, nil
}

func (nopLimiter) AddTokens(uint) error { return nil } // want `never fails`

// Named results, and a count kept on the way: still never refused.
type countingLimiter struct{ n atomic.Int64 }

func (l *countingLimiter) GetToken(ctx context.Context, cost uint) (release func() error, err error) { // want `never fails`
	l.n.Add(int64(cost))
	release = func() error { return nil }
	return release, nil
}

// The twin: a bucket that refuses a token when it is empty.
var errQuota = errors.New("retry quota exceeded")

type bucket struct{ left int64 }

func (b *bucket) GetToken(ctx context.Context, cost uint) (func() error, error) { // want `can fail`
	if b.left < int64(cost) {
		return nil, errQuota
	}
	b.left -= int64(cost)
	return func() error { return nil }, nil
}

// The twin: a wrapper whose error is another limiter's.
type limiter interface {
	GetToken(context.Context, uint) (func() error, error)
}

type wrapped struct{ inner limiter }

func (w wrapped) GetToken(ctx context.Context, cost uint) (func() error, error) { // want `can fail`
	return w.inner.GetToken(ctx, cost)
}

// The twin: an error handed in.
func pass(err error) error { return err } // want `can fail`

// A limiter that fails only once the caller's context is done: its walk
// takes the context as not done, so ctx.Err() is nil.
type ctxLimiter struct{}

func (ctxLimiter) GetToken(ctx context.Context, cost uint) (func() error, error) { // want `never fails`
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return func() error { return nil }, nil
}
