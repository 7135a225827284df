package wait

import (
	"context"
	"math/rand/v2"
	"net/http"
	"time"
)

// Waits with a jitter added (d + rand.N(d/4)) are at least the waits
// without it: the cost of going on counts them as such, and the longest
// wait, which the jitter makes longer, is not given as a ceiling.
func jitterTimersOnly(ctx context.Context, c *http.Client, req *http.Request) error {
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
		select {
		case <-time.After(d + rand.N(d/4)): // want `retry loop waits with <-time.After, which ignores ctx: a caller that gives up still waits longer each round, with no cap before the loop stops`
		}
		d *= 2
	}
	return errGone
}

func jitterGoesOn(ctx context.Context, c *http.Client, req *http.Request) error {
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(2*time.Second + rand.N(time.Second)) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 3 more attempts over at least 6s; wait in a select`
	}
	return errGone
}

func jitterDoublingGoesOn(ctx context.Context, c *http.Client, req *http.Request) error {
	d := time.Second
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(d + rand.N(d/4)) // want `after the caller gives up it goes on for up to 3 more attempts over at least 7s, each wait longer each round, with no cap; wait in a select`
		d *= 2
	}
	return errGone
}

// The twin: full jitter can wait almost nothing, and its waits are not
// counted.
func fullJitterGoesOn(ctx context.Context, c *http.Client, req *http.Request) error {
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(rand.N(2 * time.Second)) // want `after the caller gives up it goes on for up to 3 more attempts; wait in a select`
	}
	return errGone
}
