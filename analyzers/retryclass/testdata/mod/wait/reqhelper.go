package wait

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// A client's execute helper handed the request its caller made with
// the caller's context (mautrix/go#268): it sleeps between attempts and
// never asks whether req.Context() is done, so after the caller gives up
// every attempt fails at once and the helper sleeps and sends again.
type roomClient struct {
	hc   *http.Client
	base string
}

func (c *roomClient) execute(req *http.Request, attempts int) (*http.Response, error) {
	for i := 0; i < attempts && i < 4; i++ {
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(2 * time.Second) // want `retry loop waits with time.Sleep and never checks req.Context\(\): after the caller gives up it goes on for up to 3 more attempts over 6s`
	}
	return nil, errors.New("request failed after retries")
}

func (c *roomClient) Room(ctx context.Context, id string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/rooms/"+id, nil)
	if err != nil {
		return nil, err
	}
	return c.execute(req, 4)
}

// The same through req.WithContext(ctx) in the caller.
func (c *roomClient) executeAgain(req *http.Request, attempts int) (*http.Response, error) {
	for i := 0; i < attempts && i < 4; i++ {
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(2 * time.Second) // want `retry loop waits with time.Sleep and never checks req.Context\(\)`
	}
	return nil, errors.New("request failed after retries")
}

func (c *roomClient) Members(ctx context.Context, id string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, c.base+"/rooms/"+id+"/members", nil)
	if err != nil {
		return nil, err
	}
	return c.executeAgain(req.WithContext(ctx), 4)
}

// Twins. A request made with http.NewRequest has a context nothing
// cancels: the helper's sleeps cost no caller that has gone.
func (c *roomClient) executeBackground(req *http.Request, attempts int) (*http.Response, error) {
	for i := 0; i < attempts && i < 4; i++ {
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(2 * time.Second)
	}
	return nil, errors.New("request failed after retries")
}

func (c *roomClient) Health() (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, c.base+"/health", nil)
	if err != nil {
		return nil, err
	}
	return c.executeBackground(req, 4)
}

// A request the caller was handed itself (not by a RoundTrip method
// or a handler): where it was made is not in
// sight.
func (c *roomClient) executeHanded(req *http.Request, attempts int) (*http.Response, error) {
	for i := 0; i < attempts && i < 4; i++ {
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(2 * time.Second)
	}
	return nil, errors.New("request failed after retries")
}

func (c *roomClient) Forward(req *http.Request, verbose bool) (*http.Response, error) {
	return c.executeHanded(req, 4)
}

// The fixed helper waits on the request's context.
func (c *roomClient) executeLive(req *http.Request, attempts int) (*http.Response, error) {
	for i := 0; i < attempts && i < 4; i++ {
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(2 * time.Second):
		}
	}
	return nil, errors.New("request failed after retries")
}

func (c *roomClient) Topic(ctx context.Context, id string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/rooms/"+id+"/topic", nil)
	if err != nil {
		return nil, err
	}
	return c.executeLive(req, 4)
}
