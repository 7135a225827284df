package cancel

import (
	"context"
	"net"
	"net/http"
	"time"
)

// isRetriable says yes to every net.Error, and context.DeadlineExceeded
// is one (its Timeout() is true): whether the loop stops once the
// caller's deadline passes is not seen, so even a short wait is reported.
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
		time.Sleep(250 * time.Millisecond) // want `a caller that gives up still waits up to 250ms and the loop may go on after it`
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
