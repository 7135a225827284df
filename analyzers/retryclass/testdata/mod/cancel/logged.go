// A loop that looks at its context but does not leave
// on it goes on after the caller gives up.
package cancel

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"
)

// ctx.Err() is only logged: the loop sleeps on for its remaining rounds.
func upload(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 8; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			log.Printf("upload: context done: %v", ctx.Err())
		}
		time.Sleep(3 * time.Second) // want `retry loop waits with time.Sleep and does not stop when ctx is done: after the caller gives up it goes on for up to 7 more attempts over 21s, each wait up to 3s; wait in a select on ctx.Done\(\) and return ctx.Err\(\)`
	}
	return errors.New("upload: gave up")
}

// The twin: the check returns, so the loop stops; a caller that gives up
// still waits out the sleep it is in, and the message says so.
func uploadReturns(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 8; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(3 * time.Second) // want `retry loop waits with time.Sleep, which ignores ctx: a caller that gives up still waits up to 3s before the loop stops`
	}
	return errors.New("upload: gave up")
}

// The quiet twin: the wait itself watches the context.
func uploadSelect(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 8; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(3 * time.Second):
		}
	}
	return errors.New("upload: gave up")
}
