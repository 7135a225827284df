// Package pay is the fixture of cmd/retrylint's TestFix: each fix
// retrylint offers, on the standard library only, so that the test's
// several runs stay cheap.
package pay

import (
	"context"
	"crypto/rand"
	"errors"
	mrand "math/rand/v2"
	"net/http"
	"time"
)

// Charge makes a new idempotency key on every attempt: keyregen moves it
// before the loop. Its wait has no jitter and ignores ctx, which have no
// automatic fix.
func Charge(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 3; i++ {
		key := rand.Text()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		if resp, err := c.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errors.New("charge failed")
}

// Ping doubles its jittered delay with no cap: unboundedbackoff clamps it.
func Ping(ctx context.Context, ping func(context.Context) error) error {
	d := 100 * time.Millisecond
	for {
		if err := ping(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(mrand.N(d)):
		}
		d *= 2
	}
}
