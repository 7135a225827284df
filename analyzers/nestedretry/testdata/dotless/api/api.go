// Package api retries around the store, which retries again.
package api

import (
	"time"

	"svc/store"
)

func Handle() error {
	var err error
	for range 4 { // want `retry loop \(4 attempts\) calls store.Get, which retries again: up to 12 calls per request`
		if err = store.Get(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Once calls the store without a retry of its own: one layer.
func Once() error { return store.Get() }
