// Package branch is a store client on a retryablehttp client that
// chooses, by the method its caller names, whether a request goes
// through the retrying client or is sent once on the plain client under
// it.
package branch

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

type Store struct {
	rc   *retryablehttp.Client
	base string
}

// Write sends creations and partial updates once and lets the client
// retry everything else: a POST never reaches rc.Do.
func (s *Store) Write(ctx context.Context, verb, path string) error { // want Write:`nonidempotent\(an HTTP request, method of argument 2, retried by retryablehttp.Client.Do, not PATCH\|POST\)`
	req, err := retryablehttp.NewRequestWithContext(ctx, verb, s.base+path, nil)
	if err != nil {
		return err
	}
	if verb == http.MethodPost || verb == http.MethodPatch {
		resp, err := s.rc.HTTPClient.Do(req.Request)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	resp, err := s.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Read retries only the methods a switch lists as safe.
func (s *Store) Read(ctx context.Context, verb, path string) error { // want Read:`nonidempotent\(an HTTP request, method of argument 2, retried by retryablehttp.Client.Do, only GET\|HEAD\|MERGE\)`
	req, err := retryablehttp.NewRequestWithContext(ctx, verb, s.base+path, nil)
	if err != nil {
		return err
	}
	var resp *http.Response
	switch verb {
	case http.MethodGet, http.MethodHead, "MERGE":
		resp, err = s.rc.Do(req)
	default:
		resp, err = s.rc.HTTPClient.Do(req.Request)
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// AddItem: the POST takes the path that sends it once.
func (s *Store) AddItem(ctx context.Context) error {
	return s.Write(ctx, http.MethodPost, "/items")
}

// Twin: a custom method is not one Write sends once, and rc.Do retries it.
func (s *Store) Purge(ctx context.Context) error {
	return s.Write(ctx, "PURGE", "/cache") // want `retryablehttp.Client.Do retries \(through Store.Write\) an HTTP PURGE with no Idempotency-Key header`
}

// Read's switch lists MERGE among the retried methods; a POST goes to
// the default case.
func (s *Store) Lookup(ctx context.Context) error {
	if err := s.Read(ctx, http.MethodPost, "/search"); err != nil {
		return err
	}
	return s.Read(ctx, "MERGE", "/items/1") // want `retryablehttp.Client.Do retries \(through Store.Read\) an HTTP MERGE`
}
