package wait

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// A classifier of the package handed the attempt's response and error
// says retry to every error, the context's too: the loop never stops on
// cancellation, though the response came from a request made with ctx.
func shouldRetry(resp *http.Response, err error) bool {
	if err != nil {
		return true
	}
	return resp.StatusCode >= 500
}

func getEvery(ctx context.Context, url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 5; i++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return nil, rerr
		}
		resp, err = http.DefaultClient.Do(req)
		if !shouldRetry(resp, err) {
			return resp, err
		}
		time.Sleep(500 * time.Millisecond) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 4 more attempts over 2s`
	}
	return resp, err
}

// The twin's classifier stops on the context's errors: the loop leaves
// at the first attempt after the caller gives up, and a short wait is
// not worth a report.
func shouldRetryLive(resp *http.Response, err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	if err != nil {
		return true
	}
	return resp.StatusCode >= 500
}

func getLive(ctx context.Context, url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 5; i++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return nil, rerr
		}
		resp, err = http.DefaultClient.Do(req)
		if !shouldRetryLive(resp, err) {
			return resp, err
		}
		time.Sleep(500 * time.Millisecond)
	}
	return resp, err
}
