package doer

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

// gated is retrying with the fix: a request whose method may not run
// twice is sent once.
type gated struct {
	inner Doer
	max   int
}

func (d *gated) Do(req *http.Request) (*http.Response, error) { // want Do:`sends\(0\)`
	if req.Method != http.MethodGet && req.Method != http.MethodPut {
		return d.inner.Do(req)
	}
	for attempt := 0; ; attempt++ {
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

type GatedClient struct {
	url  string
	doer Doer
}

func NewGated(url string) *GatedClient {
	return &GatedClient{url: url, doer: &gated{inner: &http.Client{Timeout: 10 * time.Second}, max: 3}}
}

func (c *GatedClient) Record(ctx context.Context, result []byte) error { // want Record:`nonidempotent\(an HTTP POST\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url+"/api/collector", bytes.NewReader(result))
	if err != nil {
		return err
	}
	resp, err := c.doer.Do(req) // sent once: gated lets no POST go round
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// GivenClient is handed its Doer: the dynamic type is the caller's, out of
// sight, and may retry nothing.
type GivenClient struct {
	url  string
	doer Doer
}

func NewGiven(url string, d Doer) *GivenClient { return &GivenClient{url: url, doer: d} }

func (c *GivenClient) Record(ctx context.Context, result []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url+"/api/collector", bytes.NewReader(result))
	if err != nil {
		return err
	}
	resp, err := c.doer.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// PlainClient fills the field with a client that sends once.
type PlainClient struct {
	url  string
	doer Doer
}

func NewPlain(url string) *PlainClient {
	return &PlainClient{url: url, doer: &http.Client{Timeout: 10 * time.Second}}
}

func (c *PlainClient) Record(ctx context.Context, result []byte) error { // want Record:`nonidempotent\(an HTTP POST\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url+"/api/collector", bytes.NewReader(result))
	if err != nil {
		return err
	}
	resp, err := c.doer.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
