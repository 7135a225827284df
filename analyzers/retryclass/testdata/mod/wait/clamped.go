package wait

import (
	"context"
	"math/rand/v2"
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

// A jitter of known bound added to the clamped wait (mercari/datastore#62:
// time.Sleep(d + rand.N(d/2)) under min(d*2, 8s)): the longest wait is
// the cap plus the jitter's most, 12s; with a fraction of a quarter,
// rand.Float64() * float64(d/4), 10s.
func clampedJitter(ctx context.Context, c *http.Client, req *http.Request) error {
	d := 500 * time.Millisecond
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(d + rand.N(d/2)) // want `retry loop waits with time.Sleep, which ignores ctx: a caller that gives up still waits up to 12s before the loop stops`
		d = min(d*2, maxBackoff)
	}
	return errGone
}

func clampedFraction(ctx context.Context, c *http.Client, req *http.Request) error {
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
		time.Sleep(d + time.Duration(rand.Float64()*float64(d/4))) // want `retry loop waits with time.Sleep, which ignores ctx: a caller that gives up still waits up to 10s before the loop stops`
		d *= 2
		if d > maxBackoff {
			d = maxBackoff
		}
	}
}

// A loop that never looks at ctx: it goes on, each wait at least the
// clamped delay and at most 12s.
func clampedJitterGoesOn(ctx context.Context, c *http.Client, req *http.Request) error {
	d := 500 * time.Millisecond
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(d + rand.N(d/2)) // want `after the caller gives up it goes on for up to 4 more attempts over at least 7.5s, each wait up to 12s; wait in a select`
		d = min(d*2, maxBackoff)
	}
	return errGone
}

// The twins: the same jitter in a select on ctx.Done(), quiet; a jitter
// whose bound comes from a parameter, whose longest wait is not seen,
// quiet too.
func clampedJitterSelect(ctx context.Context, c *http.Client, req *http.Request) error {
	d := 500 * time.Millisecond
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d + rand.N(d/2)):
		}
		d = min(d*2, maxBackoff)
	}
	return errGone
}

func clampedJitterParam(ctx context.Context, c *http.Client, req *http.Request, j time.Duration) error {
	d := 500 * time.Millisecond
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(d + rand.N(j))
		d = min(d*2, maxBackoff)
	}
	return errGone
}
