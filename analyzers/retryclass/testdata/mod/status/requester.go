package status

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// A client reaches the API through an interface its constructor fills
// with the package's own requester, which hands back the status beside
// an error that carries it (border0-go's APIClient).

type apiError struct {
	Code    int
	Message string
}

func (e apiError) Error() string { return fmt.Sprintf("%d: %s", e.Code, e.Message) }

type requester interface {
	Request(ctx context.Context, method, url string) (int, error)
}

type httpRequester struct{ hc *http.Client }

func (h *httpRequester) Request(ctx context.Context, method, url string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := h.hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return resp.StatusCode, apiError{Code: resp.StatusCode, Message: resp.Status}
	}
	return resp.StatusCode, nil
}

type apiClient struct {
	http     requester
	retryMax int
}

func newAPIClient() *apiClient {
	return &apiClient{http: &httpRequester{hc: &http.Client{Timeout: 10 * time.Second}}, retryMax: 4}
}

func (a *apiClient) pause(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Only 429 and 5xx go round, each with its own budget; reading the error
// on the 429 way says the same status the int does, so a 404 stops.
func (a *apiClient) getRateLimited(ctx context.Context, url string) error {
	var err error
	shouldRetry := false
	retryMax := a.retryMax
	for attempt := 0; ; attempt++ {
		var code int
		shouldRetry = false
		code, err = a.http.Request(ctx, http.MethodGet, url)
		if err != nil {
			if code == http.StatusTooManyRequests { // want `retry loop answers HTTP 429 with its own delay and never reads Retry-After`
				shouldRetry, retryMax = true, 10
				var apiErr apiError
				if errors.As(err, &apiErr) && apiErr.Message != "" {
					fmt.Println(apiErr.Message)
				}
			}
			if code >= http.StatusInternalServerError {
				shouldRetry, retryMax = true, a.retryMax
			}
		}
		if !shouldRetry {
			break
		}
		if retryMax-attempt <= 0 {
			break
		}
		if err := a.pause(ctx, time.Duration(attempt+1)*time.Second); err != nil {
			return err
		}
	}
	return err
}

// A 404 named and sent round on purpose (a resource another region has
// not replicated yet) is left alone.
func (a *apiClient) getReplicated(ctx context.Context, url string) error {
	for i := 0; i < 5; i++ {
		code, err := a.http.Request(ctx, http.MethodGet, url)
		if err == nil {
			return nil
		}
		var apiErr apiError
		if !errors.As(err, &apiErr) || code != http.StatusNotFound && code < http.StatusInternalServerError {
			return err
		}
		if err := a.pause(ctx, time.Second); err != nil {
			return err
		}
	}
	return nil
}

// The look-alike that lets the other 4xx through: only 400 stops.
func (a *apiClient) getUnlessBad(ctx context.Context, url string) error {
	for i := 0; i < 5; i++ {
		code, err := a.http.Request(ctx, http.MethodGet, url)
		if err == nil { // want `retry loop retries HTTP 4xx responses such as 404 \(it stops on 400 only`
			return nil
		}
		var apiErr apiError
		if errors.As(err, &apiErr) && code == http.StatusBadRequest {
			return err
		}
		if err := a.pause(ctx, time.Second); err != nil {
			return err
		}
	}
	return nil
}

// A requester handed in may be any type: what its int says is unknown,
// and the loop is left alone.
func getWith(ctx context.Context, r requester, url string) error {
	var err error
	for i := 0; i < 5; i++ {
		var code int
		code, err = r.Request(ctx, http.MethodGet, url)
		if err == nil || code != http.StatusTooManyRequests {
			return err
		}
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}
