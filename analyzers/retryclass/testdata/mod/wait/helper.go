package wait

import (
	"context"
	"math/rand/v2"
	"net/http"
	"time"
)

// A helper that does nothing but sleep waits as blindly as the
// time.Sleep inside it.
func backoffSleep(attempt int) {
	d := time.Duration(1<<attempt) * 100 * time.Millisecond
	time.Sleep(d + rand.N(d/2))
}

func syncHelper(ctx context.Context, c *http.Client, req *http.Request) error {
	var err error
	for attempt := 0; attempt < 6; attempt++ {
		var resp *http.Response
		if resp, err = c.Do(req.WithContext(ctx)); err == nil {
			resp.Body.Close()
			return nil
		}
		backoffSleep(attempt) // want `retry loop waits with backoffSleep and never checks ctx: after the caller gives up it goes on for up to 5 more attempts`
	}
	return err
}

// The twins: a helper that waits in a select on the context it is
// given, and one that does work of its own besides sleeping (part of
// the attempt, not the wait between attempts).
func backoffWait(ctx context.Context, attempt int) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Duration(1<<attempt) * 100 * time.Millisecond):
		return nil
	}
}

func syncHelperCtx(ctx context.Context, c *http.Client, req *http.Request) error {
	var err error
	for attempt := 0; attempt < 6; attempt++ {
		var resp *http.Response
		if resp, err = c.Do(req.WithContext(ctx)); err == nil {
			resp.Body.Close()
			return nil
		}
		if werr := backoffWait(ctx, attempt); werr != nil {
			return werr
		}
	}
	return err
}

func settle(c *http.Client) {
	time.Sleep(100 * time.Millisecond)
	c.CloseIdleConnections()
}

func syncSettle(ctx context.Context, c *http.Client, req *http.Request) error {
	var err error
	for attempt := 0; attempt < 6; attempt++ {
		var resp *http.Response
		if resp, err = c.Do(req.WithContext(ctx)); err == nil {
			resp.Body.Close()
			return nil
		}
		settle(c)
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return err
}
