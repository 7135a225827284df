// Package wait holds retry loops with a context whose wait ignores it,
// each beside the look-alike that waits on the context too.
package wait

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"
)

var errGone = errors.New("gone")

// The loop stops at its next look at ctx, but a Retry-After of two
// minutes holds the caller two minutes after it gave up.
func retryAfterSleep(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for ctx.Err() == nil {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		wait := time.Second
		if err == nil {
			resp.Body.Close()
			if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
				wait = time.Duration(secs) * time.Second
			}
		}
		time.Sleep(wait) // want `retry loop waits with time.Sleep, which ignores ctx: a caller that gives up still waits as long as the server's Retry-After says \(minutes, if it says so\) before the loop stops; wait in a select on ctx.Done\(\) and return ctx.Err\(\)`
	}
	return nil, ctx.Err()
}

// The same wait in a select on ctx.Done(): quiet.
func retryAfterSelect(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for ctx.Err() == nil {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil && resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		wait := time.Second
		if err == nil {
			resp.Body.Close()
			if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
				wait = time.Duration(secs) * time.Second
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
	}
	return nil, ctx.Err()
}

// A loop going round only on 429, waiting as the server asked but
// deaf to ctx while it waits.
func onlyThrottled(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil || resp.StatusCode != http.StatusTooManyRequests {
			return resp, err
		}
		resp.Body.Close()
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		time.Sleep(time.Duration(secs) * time.Second) // want `retry loop waits with time.Sleep, which ignores ctx: a caller that gives up still waits as long as the server's Retry-After says`
	}
	return nil, errGone
}

// The same wait in a select on ctx.Done(): quiet.
func onlyThrottledSelect(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil || resp.StatusCode != http.StatusTooManyRequests {
			return resp, err
		}
		resp.Body.Close()
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(secs) * time.Second):
		}
	}
	return nil, errGone
}

// retryAfter reads the server's pushback, in a helper of the package.
func retryAfter(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil {
		return time.Second
	}
	return time.Duration(secs) * time.Second
}

// A timer from time.NewTimer, read outside a select, through a helper
// reading Retry-After.
func timerHelper(ctx context.Context, c *http.Client, req *http.Request) error {
	for i := 0; i < 5; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
			return nil
		}
		t := time.NewTimer(retryAfter(resp))
		<-t.C // want `retry loop waits with <-t.C, which ignores ctx: a caller that gives up still waits as long as the server's Retry-After says`
	}
	return errGone
}

// The same timer in a select on ctx.Done(): quiet.
func timerSelect(ctx context.Context, c *http.Client, req *http.Request) error {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
			return nil
		}
		t := time.NewTimer(retryAfter(resp))
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return errGone
}

// Growing waits in a select on timers alone: as blind as a Sleep. The
// loop checks ctx after each failure, so it stops at the next check; the
// longest wait is the fourth, 8s.
func timersOnly(ctx context.Context, c *http.Client, req *http.Request) error {
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
		case <-time.After(d): // want `retry loop waits with <-time.After, which ignores ctx: a caller that gives up still waits up to 8s before the loop stops`
		}
		d *= 2
	}
	return errGone
}

// A select that also watches a stop channel: quiet (the channel may be
// how this code is cancelled).
func stopChannel(ctx context.Context, stop <-chan struct{}, c *http.Client, req *http.Request) error {
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
		case <-stop:
			return errGone
		case <-time.After(d):
		}
		d *= 2
	}
	return errGone
}

// A short fixed wait in a loop that stops on ctx: quiet, the caller
// waits at most half a second more.
func shortWait(ctx context.Context, c *http.Client, req *http.Request) error {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(500 * time.Millisecond)
	}
	return errGone
}

// A long fixed wait in the same loop.
func longWait(ctx context.Context, c *http.Client, req *http.Request) error {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(30 * time.Second) // want `retry loop waits with time.Sleep, which ignores ctx: a caller that gives up still waits up to 30s before the loop stops`
	}
	return errGone
}

// A wait whose length is not seen: quiet.
func unknownWait(ctx context.Context, c *http.Client, req *http.Request, every time.Duration) error {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(every)
	}
	return errGone
}

// The attempt never sees ctx and nothing looks at it: the retry is not
// the context's work, quiet.
func noContext(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 5; i++ {
		resp, err := c.Get(url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(30 * time.Second)
	}
	return ctx.Err()
}

// A timer that nothing checks, in a loop given ctx: after the caller
// gives up it goes on with its attempts, one finding for both.
func timerGoesOn(ctx context.Context, c *http.Client, req *http.Request) error {
	t := time.NewTimer(0)
	for i := 0; i < 4; i++ {
		<-t.C // want `retry loop waits with <-t.C and never checks ctx: after the caller gives up it goes on for up to 3 more attempts over 6s, each wait up to 2s; wait in a select on ctx.Done\(\) and return ctx.Err\(\)`
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			return nil
		}
		t.Reset(2 * time.Second)
	}
	return errGone
}

// A wait that skips the first round: it runs before the second to
// fourth attempts with i at 1, 2 and 3, so 600ms + 1.2s + 2.4s.
func guardedShift(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 4; i++ {
		if i > 0 {
			time.Sleep(300 * time.Millisecond << i) // want `never checks ctx: after the caller gives up it goes on for up to 3 more attempts over 4.2s, each wait up to 2.4s`
		}
		var resp *http.Response
		if resp, err = c.Do(req.WithContext(ctx)); err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// The twin waits after each attempt from i = 0: 300ms + 600ms + 1.2s
// before the second to fourth attempts.
func trailingShift(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	var err error
	for i := 0; i < 4; i++ {
		var resp *http.Response
		if resp, err = c.Do(req.WithContext(ctx)); err == nil {
			return resp, nil
		}
		time.Sleep(300 * time.Millisecond << i) // want `never checks ctx: after the caller gives up it goes on for up to 3 more attempts over 2.1s, each wait up to 1.2s`
	}
	return nil, err
}

// A step from the counter, skipping the first round: 1s, 2s, 3s.
func guardedLinear(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if attempt != 0 {
			time.Sleep(time.Duration(attempt) * time.Second) // want `never checks ctx: after the caller gives up it goes on for up to 3 more attempts over 6s, each wait up to 3s`
		}
		var resp *http.Response
		if resp, err = c.Do(req.WithContext(ctx)); err == nil {
			return resp, nil
		}
	}
	return nil, err
}
