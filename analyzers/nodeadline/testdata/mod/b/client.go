package b

import (
	"context"
	"net/http"
	"time"
)

// Client keeps its *http.Client in a field its constructors fill; its
// methods send on it with the caller's context, so whether a request can
// hang depends on which constructor made the receiver.
type Client struct {
	Base string
	HTTP *http.Client
}

// New leaves the client without Timeout.
func New(base string) *Client { return &Client{Base: base, HTTP: &http.Client{}} } // want New:`noTimeout\(HTTP\)`

// NewTimed gives it one.
func NewTimed(base string) *Client {
	return &Client{Base: base, HTTP: &http.Client{Timeout: 10 * time.Second}}
}

// Get sends on the receiver's field with the caller's context.
func (c *Client) Get(ctx context.Context, path string) error { // want Get:`reaches\(param 0 via http.Client.Do on HTTP\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.Base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Status reaches the request through Get on the same receiver.
func (c *Client) Status(ctx context.Context) error { // want Status:`reaches\(param 0 via Client.Get -> http.Client.Do on HTTP\)`
	return c.Get(ctx, "/status")
}

// Tunable's field has a setter: a constructor's client may be replaced.
type Tunable struct {
	http *http.Client
}

func NewTunable() *Tunable { return &Tunable{http: &http.Client{}} }

func (t *Tunable) SetClient(c *http.Client) { t.http = c }

// Get has no fact: SetClient may replace the client the receiver was
// built with, so no caller can tell what it sends on.
func (t *Tunable) Get(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := t.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Settable's exported field is written by constructors only, but
// SetTimeout may bound the client through it: a caller's literal with a
// client without Timeout may still get one.
type Settable struct {
	HTTP *http.Client
}

func (s *Settable) SetTimeout(d time.Duration) { s.HTTP.Timeout = d }

func (s *Settable) Get(ctx context.Context, u string) error { // no fact: SetTimeout
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := s.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
