// Package a is the top of the chain: it retries around b.
package a

import (
	"time"

	"example.com/retryscantest/chain/b"
)

// Handle retries b.Load, which retries in c: 2x5 calls.
func Handle() error { // want `retrier\(2x5 via retry loop -> b.Load -> c.Get -> backoff.Retry\)`
	var err error
	for range 2 { // want `site loop "retry loop" 2 attempts`
		if err = b.Load(); err == nil { // want `site retrier "b.Load" 5 attempts`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Via hands a closure to b's wrapper, two packages down.
func Via() error { // want `retrier\(3x5 via b.Twice -> b.Load -> c.Get -> backoff.Retry\)`
	return b.Twice(func() error { // want `site wrapper "b.Twice" 3 attempts`
		return b.Load() // want `site retrier "b.Load" 5 attempts`
	})
}
