package loops

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// A service's retrier: exported settings its importers may change, read
// by a method that takes the attempt as a parameter. Their sizes are
// unknown; none of them is a random draw.
type Retrier struct {
	Attempts int
	Base     time.Duration
	Max      time.Duration
}

var DefaultRetrier = Retrier{Attempts: 5, Base: 100 * time.Millisecond, Max: 5 * time.Second}

func (r Retrier) Do(ctx context.Context, attempt func(context.Context) error) error {
	delay := r.Base
	var err error
	for i := 0; i < r.Attempts; i++ {
		if err = attempt(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay): // want `retry delay has no jitter`
		}
		delay *= 2
		if delay > r.Max {
			delay = r.Max
		}
	}
	return err
}

// The twin draws its jitter where it waits.
func (r Retrier) DoJittered(ctx context.Context, attempt func(context.Context) error) error {
	delay := r.Base
	var err error
	for i := 0; i < r.Attempts; i++ {
		if err = attempt(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(delay)): // ok: full jitter
		}
		delay = min(delay*2, r.Max)
	}
	return err
}

// The delay computed by a helper the loop calls, from the receiver the
// call passes.
func (r *Retrier) backoff(n int) time.Duration { return min(r.Base<<n, r.Max) }

func (r *Retrier) DoWithHelper(ctx context.Context, attempt func(context.Context) error) error {
	var err error
	for i := 0; i < 10; i++ {
		if err = attempt(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(r.backoff(i)): // want `retry delay has no jitter`
		}
	}
	return err
}

// A server's Retry-After is no setting: it comes with the attempt's
// error, and the server paces its clients with it.
type throttled struct{ RetryAfter time.Duration }

func (e *throttled) Error() string { return "throttled" }

func getThrottled(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		return &throttled{RetryAfter: time.Duration(secs) * time.Second}
	}
	return nil
}

func pacedByServer(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 10; i++ {
		if err = getThrottled(ctx, c, url); err == nil {
			return nil
		}
		var t *throttled
		if !errors.As(err, &t) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(t.RetryAfter): // ok: the server's pacing
		}
	}
	return err
}

// The same with the error's variable declared before the loop: errors.As
// fills it on every attempt.
func pacedByServerHoisted(ctx context.Context, c *http.Client, url string) error {
	var err error
	var t *throttled
	for i := 0; i < 10; i++ {
		if err = getThrottled(ctx, c, url); err == nil {
			return nil
		}
		if !errors.As(err, &t) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(t.RetryAfter): // ok: the server's pacing
		}
	}
	return err
}

// A pacer the response handler updates: its field is written from what
// the server sent, not a setting.
type pacer struct{ wait time.Duration }

func (p *pacer) observe(resp *http.Response) {
	if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
		p.wait = time.Duration(secs) * time.Second
	}
}

func (p *pacer) poll(ctx context.Context, c *http.Client, req *http.Request) error {
	for {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil && resp.StatusCode < 300 {
			return resp.Body.Close()
		}
		if err == nil {
			p.observe(resp)
			resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(p.wait): // ok: the server's pacing
		}
	}
}
