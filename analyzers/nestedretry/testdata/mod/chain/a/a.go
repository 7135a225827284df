// Package a is the top: it retries around b.
package a

import (
	"time"

	"example.com/nestedtest/chain/b"
)

func Handle() error {
	var err error
	for range 4 { // want `retry loop \(4 attempts\) calls b.Load, which retries again: up to 12 calls per request \(4x3 via b.Load -> c.Get -> backoff.Retry\); retry in one layer only`
		if err = b.Load(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
