// Package verdict sends requests on clients whose transports decide to
// retry through a list or a function value (rt). One defect, one
// finding: the POSTs are reported at the transports' sends, which resend
// whatever method they are handed, not again here.
package verdict

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"example.com/nonidemtest/verdict/rt"
)

func PostListed(ctx context.Context, url string, body []byte) error { // want PostListed:`nonidempotent\(an HTTP POST\)`
	c := &http.Client{Timeout: 30 * time.Second, Transport: rt.NewListed()}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Twin: a GET.
func GetListed(ctx context.Context, url string) error {
	c := &http.Client{Timeout: 30 * time.Second, Transport: rt.NewListed()}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Twin: a POST with a key.
func PostListedKeyed(ctx context.Context, url, key string, body []byte) error {
	c := &http.Client{Timeout: 30 * time.Second, Transport: rt.NewListed()}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func PostDecided(url string, body []byte) error { // want PostDecided:`nonidempotent\(an HTTP POST\)`
	c := &http.Client{Timeout: time.Minute, Transport: &rt.Decided{Next: http.DefaultTransport, Retry: func(a rt.Attempt) (bool, time.Duration) {
		return a.Error != nil && a.Index < 3, time.Second
	}}}
	resp, err := c.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Twin: the function value may choose by the request's method.
func PostMethodAware(url string, body []byte) error { // want PostMethodAware:`nonidempotent\(an HTTP POST\)`
	c := &http.Client{Timeout: time.Minute, Transport: &rt.MethodAware{Next: http.DefaultTransport, Retry: func(req *http.Request, _ *http.Response, err error) bool {
		return err != nil && req.Method == http.MethodGet
	}}}
	resp, err := c.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
