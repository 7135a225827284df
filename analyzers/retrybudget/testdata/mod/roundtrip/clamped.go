package roundtrip

import (
	"math/rand/v2"
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

// clampedJitter adds a jitter of up to a quarter to the clamped waits
// (PuerkitoBio/rehttp#1: time.NewTimer(delay + rand.N(delay/4)) under
// min(delay*2, 10s)): each wait is at least 1s, 2s, 4s, 8s, and those
// alone pass the client's 5s. clampedFraction draws the jitter as a
// fraction of the delay, rand.Float64() * float64(delay/4): the same.
type clampedJitter struct{ next http.RoundTripper }

func (t *clampedJitter) RoundTrip(req *http.Request) (*http.Response, error) {
	delay := time.Second
	for attempt := 0; ; attempt++ { // want `retry waits \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? \+ 8s \+ \? >= 15s but its context has a 5s deadline: the fourth attempt never starts`
		resp, err := t.next.RoundTrip(req)
		if attempt == 4 || err == nil {
			return resp, err
		}
		timer := time.NewTimer(delay + rand.N(delay/4))
		select {
		case <-req.Context().Done():
			timer.Stop()
			return nil, req.Context().Err()
		case <-timer.C:
		}
		delay = min(delay*2, 10*time.Second)
	}
}

type clampedFraction struct{ next http.RoundTripper }

func (t *clampedFraction) RoundTrip(req *http.Request) (*http.Response, error) {
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
		case <-time.After(delay + time.Duration(rand.Float64()*float64(delay/4))):
		}
		delay = min(delay*2, 10*time.Second)
	}
	return resp, err
}

// The twins: the same jitter under a client that gives it a minute
// (waits of at most 18.75s in all), quiet; a jitter taken away
// (delay - rand.Float64() * float64(delay/4)), whose waits can be
// shorter than the delay, unknown and quiet.
type clampedJitterFits struct{ next http.RoundTripper }

func (t *clampedJitterFits) RoundTrip(req *http.Request) (*http.Response, error) {
	delay := time.Second
	for attempt := 0; ; attempt++ {
		resp, err := t.next.RoundTrip(req)
		if attempt == 4 || err == nil {
			return resp, err
		}
		timer := time.NewTimer(delay + rand.N(delay/4))
		select {
		case <-req.Context().Done():
			timer.Stop()
			return nil, req.Context().Err()
		case <-timer.C:
		}
		delay = min(delay*2, 10*time.Second)
	}
}

type clampedTakenAway struct{ next http.RoundTripper }

func (t *clampedTakenAway) RoundTrip(req *http.Request) (*http.Response, error) {
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
		case <-time.After(delay - time.Duration(rand.Float64()*float64(delay/4))):
		}
		delay = min(delay*2, 10*time.Second)
	}
	return resp, err
}

func newClampedJitterClients() []*http.Client {
	return []*http.Client{
		{Timeout: 5 * time.Second, Transport: &clampedJitter{next: http.DefaultTransport}},
		{Timeout: 5 * time.Second, Transport: &clampedFraction{next: http.DefaultTransport}},
		{Timeout: time.Minute, Transport: &clampedJitterFits{next: http.DefaultTransport}},
		{Timeout: 5 * time.Second, Transport: &clampedTakenAway{next: http.DefaultTransport}},
	}
}
