package roundtrip

import (
	"math/rand/v2"
	"net/http"
	"time"
)

// jittered waits 1s, 2s, 4s, 8s plus a jitter of up to a quarter
// between its 5 attempts (PuerkitoBio/rehttp#1): the jitter can only
// add to the 15s of waits, which do not fit in the client's 5s.
type jittered struct{ next http.RoundTripper }

func (t *jittered) RoundTrip(req *http.Request) (*http.Response, error) {
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
		case <-time.After(delay + rand.N(delay/4)):
		}
		delay *= 2
	}
	return resp, err
}

// fixedJitter waits 2s plus up to 1s: at least 8s of waits.
type fixedJitter struct{ next http.RoundTripper }

func (t *fixedJitter) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 5; attempt++ { // want `retry waits \? \+ 2s \+ \? \+ 2s \+ \? \+ 2s \+ \? \+ 2s \+ \? >= 8s but its context has a 5s deadline: the fourth attempt never starts`
		resp, err = t.next.RoundTrip(req)
		if err == nil {
			return resp, nil
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(2*time.Second + rand.N(time.Second)):
		}
	}
	return resp, err
}

func newJitteredClients() []*http.Client {
	return []*http.Client{
		{Timeout: 5 * time.Second, Transport: &jittered{next: http.DefaultTransport}},
		{Timeout: 5 * time.Second, Transport: &fixedJitter{next: http.DefaultTransport}},
		{Timeout: 5 * time.Second, Transport: &fullJitter{next: http.DefaultTransport}},
		{Timeout: time.Minute, Transport: &jitterFits{next: http.DefaultTransport}},
	}
}

// The twins. fullJitter draws each wait below the doubling one
// (rand.N(delay)): a run may wait almost nothing, and its waits are
// unknown.
type fullJitter struct{ next http.RoundTripper }

func (t *fullJitter) RoundTrip(req *http.Request) (*http.Response, error) {
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
		case <-time.After(rand.N(delay)):
		}
		delay *= 2
	}
	return resp, err
}

// jitterFits adds the same jitter under a client that gives it a
// minute: at most 18.75s of waits.
type jitterFits struct{ next http.RoundTripper }

func (t *jitterFits) RoundTrip(req *http.Request) (*http.Response, error) {
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
		case <-time.After(delay + rand.N(delay/4)):
		}
		delay *= 2
	}
	return resp, err
}
