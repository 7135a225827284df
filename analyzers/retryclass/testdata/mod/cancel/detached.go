package cancel

import (
	"context"
	"net/http"
	"time"

	backoffv5 "github.com/cenkalti/backoff/v5"
)

type auditKey struct{}

// An audit write detached from the request with context.WithoutCancel:
// the caller giving up does not reach its attempts (its Done channel is
// nil), so its waits hold no one who has gone. Quiet.
func auditDetached(ctx context.Context, c *http.Client, url string) {
	bg := context.WithoutCancel(ctx)
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(bg, http.MethodPost, url, nil)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(2 * time.Second)
	}
}

// The twin on the caller's context.
func auditAttached(ctx context.Context, c *http.Client, url string) {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(2 * time.Second) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 2 more attempts over 4s`
	}
}

// context.WithValue keeps the caller's cancellation: reported.
func auditValue(ctx context.Context, c *http.Client, url string) {
	vctx := context.WithValue(ctx, auditKey{}, "audit")
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(vctx, http.MethodPost, url, nil)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(2 * time.Second) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 2 more attempts over 4s`
	}
}

// The twin: a value added to context.Background() is never done either.
// Quiet.
func auditRootValue(c *http.Client, url string) {
	ctx := context.WithValue(context.Background(), auditKey{}, "audit")
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(2 * time.Second)
	}
}

// A context.Background() held in a local first is still not the
// caller's: the retry goes on after ctx is done, as with the call
// written in place (backoffV5Background).
func backoffV5BackgroundLocal(ctx context.Context, c *http.Client, req *http.Request) error {
	bg := context.Background()
	_, err := backoffv5.Retry(bg, func() (int, error) { // want `backoff.Retry is given bg while its operation uses ctx: after the caller gives up it goes on for up to 2 more attempts over 1.3s; pass ctx as its first argument`
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil {
			return 0, err
		}
		return resp.StatusCode, nil
	}, backoffv5.WithMaxTries(3))
	return err
}

// The twin: the operation uses the local too. Quiet.
func backoffV5BackgroundLocalOp(c *http.Client, req *http.Request) error {
	bg := context.Background()
	_, err := backoffv5.Retry(bg, func() (int, error) {
		resp, err := c.Do(req.WithContext(bg))
		if err != nil {
			return 0, err
		}
		return resp.StatusCode, nil
	}, backoffv5.WithMaxTries(3))
	return err
}
