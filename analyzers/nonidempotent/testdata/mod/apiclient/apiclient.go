// Package apiclient builds its requests in one method and sends them
// through one helper: the helper is a sender of the request it is given,
// and the method that builds a POST has the effect.
package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"
)

// Client is a service's client.
type Client struct {
	URL  string
	HTTP *http.Client
}

// Send sends a request and checks the answer.
func (c *Client) Send(req *http.Request) error { // want Send:`sends\(0\)`
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return errors.New(resp.Status)
	}
	return nil
}

// SendRetrying sends the request it is given up to three times.
func (c *Client) SendRetrying(req *http.Request) error { // want SendRetrying:`sends\(0, retries\)`
	var err error
	for i := 0; i < 3; i++ {
		if err = c.Send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// PostJSON POSTs v: whether the body carries a key is its caller's to say.
func (c *Client) PostJSON(ctx context.Context, path string, v any) error { // want PostJSON:`nonidempotent\(an HTTP POST\)`
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	return c.Send(req)
}

// Call sends a request with the method its caller names: whether it may
// run twice is decided at the caller's call.
func (c *Client) Call(ctx context.Context, method, path string) error { // want Call:`nonidempotent\(an HTTP request, method of argument 2\)`
	req, err := http.NewRequestWithContext(ctx, method, c.URL+path, nil)
	if err != nil {
		return err
	}
	return c.Send(req)
}

// Get reads: a GET sent by the same helper is idempotent.
func (c *Client) Get(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL+path, nil)
	if err != nil {
		return err
	}
	return c.Send(req)
}

// Charge is a body with an idempotency key field.
type Charge struct {
	Amount int    `json:"amount"`
	Key    string `json:"idempotency_key"`
}

// Refund is a body without one.
type Refund struct {
	Amount int `json:"amount"`
}

// PostCharge encodes a Charge, whose key field makes the request keyed.
func (c *Client) PostCharge(ctx context.Context, ch Charge) error {
	body, _ := json.Marshal(ch)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL+"/charges", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return c.Send(req)
}

// PostRefund encodes a Refund: no key.
func (c *Client) PostRefund(ctx context.Context, r Refund) error { // want PostRefund:`nonidempotent\(an HTTP POST\)`
	body, _ := json.Marshal(r)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL+"/refunds", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return c.Send(req)
}
