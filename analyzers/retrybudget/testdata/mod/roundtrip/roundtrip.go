// Package roundtrip holds retries written in a RoundTrip method, whose
// request carries the deadline the http.Client's Timeout sets.
package roundtrip

import (
	"context"
	"net/http"
	"time"
)

// retrying waits 4s between 4 attempts: 12s of waits.
type retrying struct{ next http.RoundTripper }

func (t *retrying) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 4; i++ { // want `retry waits .* >= 12s but its context has a 10s deadline: the fourth attempt never starts`
		resp, err = t.next.RoundTrip(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(4 * time.Second):
		}
	}
	return resp, err
}

func newClient() *http.Client {
	return &http.Client{Timeout: 10 * time.Second, Transport: &retrying{next: http.DefaultTransport}}
}

// patient is the same retry under a client that gives it a minute: the
// waits fit.
type patient struct{ next http.RoundTripper }

func (t *patient) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 4; i++ {
		resp, err = t.next.RoundTrip(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(4 * time.Second):
		}
	}
	return resp, err
}

func newPatientClient() *http.Client {
	return &http.Client{Timeout: time.Minute, Transport: &patient{next: http.DefaultTransport}}
}

// open is the same retry, and one of its clients sets no Timeout: that
// one lets it run its course.
type open struct{ next http.RoundTripper }

func (t *open) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 4; i++ {
		resp, err = t.next.RoundTrip(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(4 * time.Second):
		}
	}
	return resp, err
}

func newOpenClients() (*http.Client, *http.Client) {
	return &http.Client{Timeout: 10 * time.Second, Transport: &open{next: http.DefaultTransport}},
		&http.Client{Transport: &open{next: http.DefaultTransport}}
}

// built is the retry handed to the client by a constructor returning
// an http.RoundTripper: the same 10s.
type built struct{ next http.RoundTripper }

func newBuilt(next http.RoundTripper) http.RoundTripper { return &built{next: next} }

func (t *built) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 4; i++ { // want `retry waits .* >= 12s but its context has a 10s deadline: the fourth attempt never starts`
		resp, err = t.next.RoundTrip(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(4 * time.Second):
		}
	}
	return resp, err
}

func newBuiltClient() *http.Client {
	return &http.Client{Timeout: 10 * time.Second, Transport: newBuilt(http.DefaultTransport)}
}

// bounded gives each attempt 5s of its own under the client's minute.
type bounded struct{ next http.RoundTripper }

func (t *bounded) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 4; i++ {
		ctx, cancel := context.WithTimeout(req.Context(), 5*time.Second)
		resp, err = t.next.RoundTrip(req.WithContext(ctx))
		if err == nil && resp.StatusCode < 500 {
			return resp, nil // cancel is left to the body in real code
		}
		cancel()
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(4 * time.Second):
		}
	}
	return resp, err
}

func newBoundedClient() *http.Client {
	return &http.Client{Timeout: time.Minute, Transport: &bounded{next: http.DefaultTransport}}
}
