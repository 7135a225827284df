package loopforms

import (
	"context"
	"errors"
	"iter"
	"strings"
	"time"
)

// Policy hands out attempts as a Go 1.23 iterator: it waits before each
// attempt after the first and stops after max attempts or when ctx is
// done. No library on the module proxy offers one yet; services write
// their own.
type Policy struct {
	Max  int
	Wait time.Duration
}

func (p Policy) Attempts(ctx context.Context) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range p.Max {
			if i > 0 {
				select {
				case <-ctx.Done():
					return
				case <-time.After(p.Wait):
				}
			}
			if !yield(i) {
				return
			}
		}
	}
}

// Attempts from an iterator: a retry whose bound and waits the iterator
// keeps; the context passed to it ends it.
func iterRetry(ctx context.Context, p Policy) error { // want `retrier\(N via retry loop\)`
	err := errors.New("no attempt")
	for attempt := range p.Attempts(ctx) { // want `site loop "retry loop" N attempts ctx`
		if err = dial(ctx); err == nil {
			return nil
		}
		_ = attempt // logged in real code
	}
	return err
}

// Hosts yields the hosts of a pool.
func Hosts(hosts []string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, h := range hosts {
			if !yield(h) {
				return
			}
		}
	}
}

func dialHost(ctx context.Context, host string) error { return ctx.Err() }

// Failover over an iterator: each attempt tries what it yields. No retry.
func iterFailover(ctx context.Context, hosts []string) error {
	err := errors.New("no host")
	for h := range Hosts(hosts) {
		if err = dialHost(ctx, h); err == nil {
			return nil
		}
	}
	return err
}

// Ranging over a slice's iterator visits items: no retry either, even
// when the attempt is the same call.
func iterItems(ctx context.Context, items []string) error {
	for i, item := range Enumerate(items) {
		if err := dialHost(ctx, item); err != nil {
			return err
		}
		_ = i
	}
	return nil
}

func Enumerate(items []string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for i, it := range items {
			if !yield(i, it) {
				return
			}
		}
	}
}

// The standard library's iterators visit data, like a range over the
// slice or map itself: the same call tried once per part is no retry.
func iterParts(ctx context.Context, list string) error {
	var err error
	for range strings.SplitSeq(list, ",") {
		if err = dial(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The same loop over the policy's own iterator waits between attempts:
// a retry.
func iterPolicyWaits(ctx context.Context, p Policy) error { // want `retrier\(N via retry loop\)`
	var err error
	for range p.Attempts(ctx) { // want `site loop "retry loop" N attempts ctx`
		if err = dial(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
