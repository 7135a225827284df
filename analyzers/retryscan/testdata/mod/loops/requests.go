package loops

import (
	"context"
	"net/http"
	"time"
)

// The request is built in each attempt and may fail on its own; its
// error leaves, the send's error goes round.
func buildEachAttempt(ctx context.Context, c *http.Client, u string) error { // want `retrier\(3 via retry loop\)`
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// The same with the request variable declared before the loop: each
// attempt builds the same request anew.
func declaredBefore(ctx context.Context, c *http.Client, u string) error { // want `retrier\(3 via retry loop\)`
	var req *http.Request
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		if _, err = c.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must not report: each attempt asks the next mirror, whose address the
// loop computes from the last one.
func nextMirror(ctx context.Context, c *http.Client, u string) error {
	var req *http.Request
	var err error
	for i := 0; i < 3; i++ {
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		if _, err = c.Do(req); err == nil {
			return nil
		}
		u = mirrorAfter(u)
		time.Sleep(time.Second)
	}
	return err
}

func mirrorAfter(u string) string { return u + "/next" }
