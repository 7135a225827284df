// Package rclient is an API client on a retryablehttp client: Do sends
// the method its caller names, and the client retries it.
package rclient

import (
	"bytes"
	"context"
	"encoding/json"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	rc   *retryablehttp.Client
	base string
}

func New(base string) *Client {
	rc := retryablehttp.NewClient()
	rc.HTTPClient.Timeout = 10 * time.Second
	return &Client{rc: rc, base: base}
}

// Do sends in as JSON with the caller's method; the client retries it.
func (c *Client) Do(ctx context.Context, method, path string, in any) error { // want Do:`nonidempotent\(an HTTP request, method of argument 2, retried by retryablehttp.Client.Do\)`
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := c.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CreateCharge names POST: the client retries a charge.
func (c *Client) CreateCharge(ctx context.Context, amount int64) error {
	return c.Do(ctx, "POST", "/v1/charges", map[string]int64{"amount": amount}) // want `retryablehttp.Client.Do retries \(through Client.Do\) an HTTP POST with no Idempotency-Key header`
}

// Twins: a GET through the same helper, and a helper that keys every
// request it sends.
func (c *Client) GetCharge(ctx context.Context, id string) error {
	return c.Do(ctx, "GET", "/v1/charges/"+id, nil)
}

func (c *Client) doKeyed(ctx context.Context, method, path, key string) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, method, c.base+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) CreateRefund(ctx context.Context, key string) error {
	return c.doKeyed(ctx, "POST", "/v1/refunds", key)
}
