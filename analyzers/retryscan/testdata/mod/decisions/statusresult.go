package decisions

import (
	"context"
	"io"
	"net/http"
	"time"
)

// A helper that hands its caller the response's status, not the
// response: success leaves on a 2xx, so the loop is a retry.
func deliverOnce(ctx context.Context, url string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
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

func deliver(ctx context.Context, url string) error { // want `retrier\(4 via retry loop\)`
	var err error
	for attempt := 0; attempt < 4; attempt++ { // want `site loop "retry loop" 4 attempts`
		var status int
		status, err = deliverOnce(ctx, url)
		if err == nil && status < 300 {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The look-alike: the int is how much was read, not a status; whether
// the loop leaves after success depends on it, so no outcome decides.
func readOnce(ctx context.Context, url string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return len(b), err
}

func readUntilShort(ctx context.Context, url string) error {
	for attempt := 0; attempt < 4; attempt++ {
		n, err := readOnce(ctx, url)
		if err == nil && n < 300 {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}
