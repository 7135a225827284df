package roundtrip

import (
	"net/http"
	"time"
)

// clamped doubles its wait from 1s up to 10s between 5 attempts
// (PuerkitoBio/rehttp#1's min(delay*2, 10s)): 1s, 2s, 4s, 8s, 15s of
// waits under the client's 5s.
type clamped struct{ next http.RoundTripper }

func (t *clamped) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	delay := time.Second
	for attempt := 0; attempt < 5; attempt++ { // want `retry waits \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? \+ 8s \+ \? >= 15s but its context has a 5s deadline: the fourth attempt never starts`
		resp, err = t.next.RoundTrip(req)
		if err == nil {
			return resp, nil
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(delay):
		}
		delay = min(delay*2, 10*time.Second)
	}
	return resp, err
}

// clampedFits is the same retry under a client that gives it a minute:
// the waits fit.
type clampedFits struct{ next http.RoundTripper }

func (t *clampedFits) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	delay := time.Second
	for attempt := 0; attempt < 5; attempt++ {
		resp, err = t.next.RoundTrip(req)
		if err == nil {
			return resp, nil
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(delay):
		}
		delay = min(delay*2, 10*time.Second)
	}
	return resp, err
}

// clampedUnseen clamps at a limit the code does not show: its waits are
// unknown, and nothing is said.
type clampedUnseen struct {
	next     http.RoundTripper
	maxDelay time.Duration
}

func (t *clampedUnseen) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	delay := time.Second
	for attempt := 0; attempt < 5; attempt++ {
		resp, err = t.next.RoundTrip(req)
		if err == nil {
			return resp, nil
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(delay):
		}
		delay = min(delay*2, t.maxDelay)
	}
	return resp, err
}

func newClampedClients(limit time.Duration) []*http.Client {
	return []*http.Client{
		{Timeout: 5 * time.Second, Transport: &clamped{next: http.DefaultTransport}},
		{Timeout: time.Minute, Transport: &clampedFits{next: http.DefaultTransport}},
		{Timeout: 5 * time.Second, Transport: &clampedUnseen{next: http.DefaultTransport, maxDelay: limit}},
	}
}
