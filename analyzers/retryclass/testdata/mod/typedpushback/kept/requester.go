package kept

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"
)

// The twin of status/requester.go's getRateLimited: the requester keeps
// the server's wait in the error it fails with, and on the 429 way the
// loop reads it (border0-go after PR #166).

type requester interface {
	Request(ctx context.Context, url string) (int, error)
}

type httpRequester struct{ hc *http.Client }

func (h *httpRequester) Request(ctx context.Context, url string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := h.hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		return resp.StatusCode, &StatusError{Code: resp.StatusCode, RetryAfter: time.Duration(secs) * time.Second}
	}
	return resp.StatusCode, nil
}

type apiClient struct{ http requester }

func newAPIClient() *apiClient {
	return &apiClient{http: &httpRequester{hc: &http.Client{Timeout: 10 * time.Second}}}
}

func (a *apiClient) getRateLimited(ctx context.Context, url string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		var code int
		code, err = a.http.Request(ctx, url)
		if err == nil || code != http.StatusTooManyRequests && code < http.StatusInternalServerError {
			return err
		}
		wait := time.Duration(attempt+1) * time.Second
		var se *StatusError
		if code == http.StatusTooManyRequests && errors.As(err, &se) && se.RetryAfter > 0 {
			wait = se.RetryAfter
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}
