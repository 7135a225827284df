// Package doer sends through a Doer interface kept in an unexported field
// (oapi-codegen's HttpRequestDoer): the constructor fills it with a
// decorator that retries every request it is given (langwatch's Go SDK,
// #4998).
package doer

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

type Doer interface {
	Do(req *http.Request) (*http.Response, error)
}

// retrying retries 5xx and transport errors whatever the method.
type retrying struct {
	inner Doer
	max   int
}

func (d *retrying) Do(req *http.Request) (*http.Response, error) { // want Do:`sends\(0, retries\)`
	for attempt := 0; ; attempt++ {
		if attempt > 0 && req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			req.Body = body
		}
		resp, err := d.inner.Do(req)
		if err == nil && resp.StatusCode < 500 || attempt >= d.max {
			return resp, err
		}
		if resp != nil {
			resp.Body.Close()
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
}

type Client struct {
	url  string
	doer Doer
}

func New(url string) *Client {
	return &Client{url: url, doer: &retrying{inner: &http.Client{Timeout: 10 * time.Second}, max: 3}}
}

func (c *Client) send(ctx context.Context, method, path string, body []byte) (*http.Response, error) { // want send:`nonidempotent\(an HTTP request, method of argument 2, retried by retrying.Do\)`
	req, err := http.NewRequestWithContext(ctx, method, c.url+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	return c.doer.Do(req)
}

func (c *Client) Record(ctx context.Context, result []byte) error {
	resp, err := c.send(ctx, http.MethodPost, "/api/collector", result) // want `retrying.Do retries \(through Client.send\) an HTTP POST with no Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Fetch is a GET: retried, and idempotent.
func (c *Client) Fetch(ctx context.Context, path string) error {
	resp, err := c.send(ctx, http.MethodGet, path, nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
