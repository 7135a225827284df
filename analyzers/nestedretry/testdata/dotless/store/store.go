// Package store retries its own query.
package store

import (
	"errors"
	"time"
)

func query() error { return errors.New("unavailable") }

// Get tries the query three times.
func Get() error {
	var err error
	for range 3 {
		if err = query(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}
