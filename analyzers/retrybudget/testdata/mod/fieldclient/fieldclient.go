// Package fieldclient holds retrying clients kept in struct fields. A
// client in a field is read from the package's writes to the field,
// exported or not: what its constructor configures. A client whose
// writes do not show its configuration (a constructor's parameter) has
// unknown attempts, never the library's defaults.
package fieldclient

import (
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Agent keeps its client in an exported field its constructor sets.
type Agent struct {
	APIClient *retryablehttp.Client
}

// NewAgent: 31 attempts (RetryMax 30), waits 1s, 2s, 4s, 8s, 16s, 30s, ...
func NewAgent() *Agent {
	client := retryablehttp.NewClient()
	client.RetryMax = 30
	return &Agent{APIClient: client}
}

func (a *Agent) get(ctx context.Context, url string) (*http.Response, error) { // want get:`budget\(ctx 0, retryablehttp.Client.Do 31 x \? \+ 1s \+ 2s \+ 4s \+ ... \+ 30s \+ 30s >= 13m1s\)`
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return a.APIClient.Do(req)
}

// The constructor's RetryMax 30 is read, not the library's 4: the
// waits alone exceed 20s.
func (a *Agent) Ping(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	resp, err := a.get(ctx, url) // want `Agent.get's retry \(retryablehttp.Client.Do\) waits 31 x \? \+ 1s \+ 2s \+ 4s \+ ... \+ 30s \+ 30s >= 13m1s but its context has a 20s deadline: the sixth attempt never starts`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Small keeps its client in an exported field too, set to 2 attempts of
// at most 1s each.
type Small struct {
	APIClient *retryablehttp.Client
}

func NewSmall() *Small {
	client := retryablehttp.NewClient()
	client.RetryMax = 1
	client.HTTPClient.Timeout = time.Second
	return &Small{APIClient: client}
}

func (s *Small) get(ctx context.Context, url string) (*http.Response, error) { // want get:`budget\(ctx 0, retryablehttp.Client.Do 1s \+ 1s \+ 1s = 3s\)`
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return s.APIClient.Do(req)
}

// The twin: 1s + 1s + 1s fits in 5s (the library's default RetryMax 4
// would claim 15s of waits).
func (s *Small) Ping(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	resp, err := s.get(ctx, url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Given keeps the client its constructor is handed: its RetryMax is the
// caller's, unknown here.
type Given struct {
	APIClient *retryablehttp.Client
}

func NewGiven(c *retryablehttp.Client) *Given { return &Given{APIClient: c} }

func (g *Given) get(ctx context.Context, url string) (*http.Response, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return g.APIClient.Do(req)
}

// Unknown attempts: no worst case is claimed under 5s.
func (g *Given) Ping(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	resp, err := g.get(ctx, url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// given is Given with an unexported field: the same.
type given struct {
	api *retryablehttp.Client
}

func newGiven(c *retryablehttp.Client) *given { return &given{api: c} }

func (g *given) get(ctx context.Context, url string) (*http.Response, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return g.api.Do(req)
}

func (g *given) ping(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	resp, err := g.get(ctx, url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
