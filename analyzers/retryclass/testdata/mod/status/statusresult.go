package status

import (
	"context"
	"net/http"
	"time"
)

// A helper hands its caller the status it got; a loop that leaves only
// on a 2xx goes round on a 404 as on a 503.
func postOnce(ctx context.Context, url string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}

func putUntilAccepted(ctx context.Context, url string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		var code int
		code, err = postOnce(ctx, url)
		if err == nil && code < 300 { // want `retry loop retries HTTP 4xx responses such as 404`
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// The twin stops on every status below 500.
func putUntilServed(ctx context.Context, url string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		var code int
		code, err = postOnce(ctx, url)
		if err == nil && code < 500 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}
