package web

import (
	"context"
	"net/http"
	"time"
)

// buildRequest: a request builder of the package takes the method from its caller and
// only builds; the attempt sends what it returns.
func buildRequest(ctx context.Context, method, url string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, method, url, nil)
}

func openJob(ctx context.Context, hc *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		if req, err = buildRequest(ctx, http.MethodPost, url); err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil { // want `retry wraps an HTTP POST with no Idempotency-Key header`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twin: the same builder given GET.
func readJob(ctx context.Context, hc *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		if req, err = buildRequest(ctx, http.MethodGet, url); err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil { // ok: GET
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
