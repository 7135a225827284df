package cancel

import (
	"context"
	"net"
	"net/http"
	"time"
)

// isRetriable says yes to every net.Error, and context.DeadlineExceeded
// is one (its Timeout() is true), as is the *url.Error that wraps it: once
// the caller's deadline passes the loop goes on, so even a short wait is
// reported (heetch/regula#19: "retried 3 times with a canceled context").
func isRetriable(err error) bool {
	if _, ok := err.(net.Error); ok {
		return true
	}
	return false
}

func getShortWait(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return nil, rerr
		}
		resp, err = c.Do(req)
		if err == nil || !isRetriable(err) {
			break
		}
		time.Sleep(250 * time.Millisecond) // want `never checks ctx: after the caller gives up it goes on for up to 2 more attempts over 500ms, each wait up to 250ms`
	}
	return resp, err
}

// The twin leaves at its next look at the context: the caller waits at
// most 250ms more than a cancelled attempt takes.
func getShortWaitChecked(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return nil, rerr
		}
		resp, err = c.Do(req)
		if err == nil || !isRetriable(err) {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	return resp, err
}

type client struct {
	hc         *http.Client
	retryDelay time.Duration // set by the caller: its length is not seen
}

// The loop goes on after the deadline whatever the wait's length.
func (c *client) getFieldWait(ctx context.Context, url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return nil, rerr
		}
		resp, err = c.hc.Do(req)
		if err == nil || !isRetriable(err) {
			break
		}
		time.Sleep(c.retryDelay) // want `never checks ctx: after the caller gives up it goes on for up to 2 more attempts`
	}
	return resp, err
}

// notTimeout retries a net.Error but for a timeout, which the deadline's
// error is: the loop stops once the caller's deadline passes.
func notTimeout(err error) bool {
	if ne, ok := err.(net.Error); ok {
		return !ne.Timeout()
	}
	return false
}

func (c *client) getFieldWaitNotTimeout(ctx context.Context, url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return nil, rerr
		}
		resp, err = c.hc.Do(req)
		if err == nil || !notTimeout(err) {
			break
		}
		time.Sleep(c.retryDelay)
	}
	return resp, err
}
