package wait

import (
	"context"
	"net/http"
	"time"
)

const maxBackoff = 8 * time.Second

// A doubling wait clamped at 8s (mercari/datastore#62): the longest wait
// is the cap, as for the same doubling with no cap.
func clampedSleep(ctx context.Context, c *http.Client, req *http.Request) error {
	d := time.Second
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(d) // want `retry loop waits with time.Sleep, which ignores ctx: a caller that gives up still waits up to 8s before the loop stops`
		d = min(d*2, 8*time.Second)
	}
	return errGone
}

// The clamp as a branch on a constant, with no attempt count: the loop
// ends on ctx alone, and a wait is at most the cap.
func clampedBranchForever(ctx context.Context, c *http.Client, req *http.Request) error {
	d := 500 * time.Millisecond
	for {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(d) // want `retry loop waits with time.Sleep, which ignores ctx: a caller that gives up still waits up to 8s before the loop stops`
		d *= 2
		if d > maxBackoff {
			d = maxBackoff
		}
	}
}

// The twin that waits in a select on ctx.Done(): quiet.
func clampedSelect(ctx context.Context, c *http.Client, req *http.Request) error {
	d := time.Second
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
		d = min(d*2, 8*time.Second)
	}
	return errGone
}

// A cap from a parameter: the length is not seen, quiet.
func clampedParam(ctx context.Context, c *http.Client, req *http.Request, limit time.Duration) error {
	d := time.Second
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(d)
		d = min(d*2, limit)
	}
	return errGone
}
