// Package a is the outer layer: a hand-written loop of 3 attempts.
package a

import (
	"context"
	"time"

	"example.com/chain/b"
)

// Sync tries b.Fetch 3 times.
func Sync(ctx context.Context, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = b.Fetch(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Status reads the status once: no retry layer of its own, but it
// reaches c's client through b, so it is on a path.
func Status(ctx context.Context, url string) error {
	return b.Fetch(ctx, url)
}
