package web

import (
	"context"
	"iter"
	"net/http"
)

// attempts yields the attempts of a retry: for range attempts(3).
func attempts(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// The body of a range-over-func retry is read like a loop body.
func postRange(ctx context.Context, hc *http.Client, url string) error {
	var err error
	for range attempts(3) {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		if rerr != nil {
			return rerr
		}
		resp, derr := hc.Do(req) // want `retry wraps an HTTP POST with no Idempotency-Key header`
		if derr == nil {
			return resp.Body.Close()
		}
		err = derr
	}
	return err
}

// Twin: the same retry with one key for all attempts.
func postRangeKeyed(ctx context.Context, hc *http.Client, url, key string) error {
	var err error
	for range attempts(3) {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		if rerr != nil {
			return rerr
		}
		req.Header.Set("Idempotency-Key", key)
		resp, derr := hc.Do(req)
		if derr == nil {
			return resp.Body.Close()
		}
		err = derr
	}
	return err
}
