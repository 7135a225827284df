// Package transport retries in RoundTrippers, whose context is the one
// the request carries.
package transport

import (
	"net/http"
	"time"
)

type retrying struct {
	next http.RoundTripper
}

// RoundTrip sleeps between attempts and never looks at req.Context():
// once the caller gives up, every attempt fails at once and it sleeps on.
func (t *retrying) RoundTrip(req *http.Request) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 4; i++ {
		resp, err := t.next.RoundTrip(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		lastErr = err
		time.Sleep(2 * time.Second) // want `retry loop waits with time.Sleep and never checks req.Context\(\): after the caller gives up it goes on for up to 3 more attempts over 6s, each wait up to 2s; wait in a select on req.Context\(\).Done\(\) and return req.Context\(\).Err\(\)`
	}
	return nil, lastErr
}

type careful struct {
	next http.RoundTripper
}

// RoundTrip is the twin: it waits in a select on the request's context.
func (t *careful) RoundTrip(req *http.Request) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 4; i++ {
		resp, err := t.next.RoundTrip(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		lastErr = err
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(2 * time.Second):
		}
	}
	return nil, lastErr
}

type checking struct {
	next http.RoundTripper
}

// RoundTrip leaves once the request's context is done, and its sleep is
// short: quiet.
func (t *checking) RoundTrip(req *http.Request) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 4; i++ {
		resp, err := t.next.RoundTrip(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		if req.Context().Err() != nil {
			return nil, req.Context().Err()
		}
		lastErr = err
		time.Sleep(100 * time.Millisecond)
	}
	return nil, lastErr
}
