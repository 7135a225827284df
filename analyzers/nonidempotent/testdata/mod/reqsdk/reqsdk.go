// Package reqsdk is an API client of the shape of bitbucket-cli's httpx
// (avivsinai/bitbucket-cli#230): one helper builds a request with the
// method its caller names, another sends it in a retry, as a copy made
// for each attempt. Its callers, in package bb, name the method.
package reqsdk

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

// Client sends the API's requests.
type Client struct {
	base string
	hc   *http.Client
}

// NewRequest builds a request with the method its caller names.
func (c *Client) NewRequest(ctx context.Context, method, path string, body []byte) (*http.Request, error) { // want NewRequest:`builds\(method of argument 2\)`
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// NewKeyedRequest builds a request with the method its caller names and
// an idempotency key: its callers would not see the key, so it gets no
// fact.
func (c *Client) NewKeyedRequest(ctx context.Context, method, path string, key string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return req, nil
}

// NewQuery takes a kind, not a method: its request is always a GET.
func (c *Client) NewQuery(ctx context.Context, kind, path string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodGet, c.base+path+"?kind="+kind, nil)
}

// Clone returns a copy of req with a fresh body.
func Clone(req *http.Request) (*http.Request, error) { // want Clone:`copies\(argument 1\)`
	r := req.Clone(req.Context())
	if req.Body != nil {
		if req.GetBody == nil {
			return nil, errors.New("request body cannot be replayed")
		}
		b, err := req.GetBody()
		if err != nil {
			return nil, err
		}
		r.Body = b
	}
	return r, nil
}

// AsHead returns a copy of req that asks for the headers only: another
// method, not a copy of the request.
func AsHead(req *http.Request) *http.Request {
	r := req.Clone(req.Context())
	r.Method = http.MethodHead
	return r
}

// cloneRequest is the package's own copy of a request for an attempt.
func cloneRequest(req *http.Request) (*http.Request, error) {
	r := req.Clone(req.Context())
	if req.GetBody != nil {
		b, err := req.GetBody()
		if err != nil {
			return nil, err
		}
		r.Body = b
	}
	return r, nil
}

// Do sends a copy of req in each attempt, and retries transport errors
// and 5xx answers whatever the method.
func (c *Client) Do(req *http.Request) error { // want Do:`sends\(0, retries\)`
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		var attemptReq *http.Request
		if attemptReq, err = cloneRequest(req); err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = c.hc.Do(attemptReq); err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return err
}

// Probe retries a HEAD made from req: the request it is given is never
// sent.
func (c *Client) Probe(req *http.Request) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		var resp *http.Response
		if resp, err = c.hc.Do(AsHead(req)); err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return err
}

// DoSafe retries transport errors and 5xx answers only for the methods
// that may run twice, tested on the copy it sends: a POST is sent once.
func (c *Client) DoSafe(req *http.Request) error { // want DoSafe:`sends\(0\)`
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		var attemptReq *http.Request
		if attemptReq, err = cloneRequest(req); err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = c.hc.Do(attemptReq); err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		if !idempotent(attemptReq.Method) {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return err
}

func idempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodPut, http.MethodDelete:
		return true
	}
	return false
}
