package status

import (
	"context"
	"errors"
	"net/http"
	"os"
	"time"
)

// A 401 named and sent round with the same token (openmeet-platform#414,
// supertokens-website#164): nothing on the way round refreshes it, and
// nothing in the package ever writes the token again.
type fixedTokenClient struct {
	hc    *http.Client
	base  string
	token string
}

func newFixedTokenClient(base, token string) *fixedTokenClient {
	return &fixedTokenClient{hc: http.DefaultClient, base: base, token: token}
}

func (c *fixedTokenClient) get(ctx context.Context, path string) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		resp, err := c.hc.Do(req)
		if err == nil {
			switch {
			case resp.StatusCode == http.StatusUnauthorized: // want `retry loop sends the request again after HTTP 401 with nothing changed between attempts: the same credentials are refused every time, so each costs up to 4 more attempts over 10s; refresh them once before the next attempt, or stop on 401`
				resp.Body.Close()
			case resp.StatusCode >= 500:
				resp.Body.Close()
			default:
				return resp, nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(attempt+1) * time.Second):
		}
	}
	return nil, errors.New("gave up")
}

// The same through a helper of the package that builds and sends the
// request: it reads the same token every round.
func (c *fixedTokenClient) send(ctx context.Context, path string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	return c.hc.Do(req)
}

func (c *fixedTokenClient) getVia(ctx context.Context, path string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.send(ctx, path)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusUnauthorized && resp.StatusCode < 500 { // want `retry loop sends the request again after HTTP 401 with nothing changed`
			return resp, nil
		}
		resp.Body.Close()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
	return nil, errors.New("gave up")
}

// Twins. One replay after a refresh, then the 401 is the answer.
type refreshingClient struct {
	hc      *http.Client
	base    string
	token   string
	refresh func(ctx context.Context) (string, error)
}

func (c *refreshingClient) get(ctx context.Context, path string) (*http.Response, error) {
	refreshed := false
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		resp, err := c.hc.Do(req)
		if err == nil {
			switch {
			case resp.StatusCode == http.StatusUnauthorized:
				resp.Body.Close()
				if refreshed {
					return nil, errors.New("unauthorized")
				}
				tok, rerr := c.refresh(ctx)
				if rerr != nil {
					return nil, rerr
				}
				c.token = tok
				refreshed = true
				continue
			case resp.StatusCode >= 500:
				resp.Body.Close()
			default:
				return resp, nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(attempt+1) * time.Second):
		}
	}
	return nil, errors.New("gave up")
}

// A token the package refreshes elsewhere (a background refresher): a
// later round may carry a new one.
type sharedTokenClient struct {
	hc    *http.Client
	base  string
	token string
}

func (c *sharedTokenClient) rotate(tok string) { c.token = tok }

func (c *sharedTokenClient) get(ctx context.Context, path string) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		resp, err := c.hc.Do(req)
		if err == nil {
			switch {
			case resp.StatusCode == http.StatusUnauthorized:
				resp.Body.Close()
			case resp.StatusCode >= 500:
				resp.Body.Close()
			default:
				return resp, nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(attempt+1) * time.Second):
		}
	}
	return nil, errors.New("gave up")
}

// A token asked of a token source every round: it may hand a new one.
type tokenSource interface {
	Token(ctx context.Context) (string, error)
}

type sourcedClient struct {
	hc   *http.Client
	base string
	ts   tokenSource
}

func (c *sourcedClient) get(ctx context.Context, path string) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		tok, err := c.ts.Token(ctx)
		if err != nil {
			return nil, err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := c.hc.Do(req)
		if err == nil {
			switch {
			case resp.StatusCode == http.StatusUnauthorized:
				resp.Body.Close()
			case resp.StatusCode >= 500:
				resp.Body.Close()
			default:
				return resp, nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(attempt+1) * time.Second):
		}
	}
	return nil, errors.New("gave up")
}

// A 403 named and sent round unchanged: a permission may be granted
// while the loop waits (a role still propagating), and the loop is left
// alone as any 4xx named on purpose.
func (c *fixedTokenClient) waitGranted(ctx context.Context, path string) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.send(ctx, path)
		if err == nil {
			switch {
			case resp.StatusCode == http.StatusForbidden:
				resp.Body.Close()
			case resp.StatusCode >= 500:
				resp.Body.Close()
			default:
				return resp, nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(attempt+1) * time.Second):
		}
	}
	return nil, errors.New("gave up")
}

// A token read from a file every round: a sidecar may rotate it on disk
// (a projected service account token) while the loop waits.
type fileTokenClient struct {
	hc        *http.Client
	base      string
	tokenPath string
}

func (c *fileTokenClient) get(ctx context.Context, path string) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		tok, err := os.ReadFile(c.tokenPath)
		if err != nil {
			return nil, err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+string(tok))
		resp, err := c.hc.Do(req)
		if err == nil {
			switch {
			case resp.StatusCode == http.StatusUnauthorized:
				resp.Body.Close()
			case resp.StatusCode >= 500:
				resp.Body.Close()
			default:
				return resp, nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(attempt+1) * time.Second):
		}
	}
	return nil, errors.New("gave up")
}
