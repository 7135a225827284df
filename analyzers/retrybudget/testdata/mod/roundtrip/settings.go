package roundtrip

import (
	"net"
	"net/http"
	"time"
)

// A transport whose constructor keeps its settings in unexported fields,
// each written with one constant (elastic/cloud-sdk-go#235, 3 retries
// 10s apart on a timeout): its retries count down from the field, and
// 30s of waits do not fit in the client's 20s.
type cooldown struct {
	rt      http.RoundTripper
	retries int
	backoff time.Duration
}

func newCooldown() *cooldown {
	return &cooldown{rt: http.DefaultTransport, retries: 3, backoff: 10 * time.Second}
}

func (t *cooldown) RoundTrip(req *http.Request) (*http.Response, error) {
	retries := t.retries
	for { // want `retry waits \? \+ 10s \+ \? \+ 10s \+ \? \+ 10s \+ \? >= 30s but its context has a 20s deadline: the third attempt never starts`
		res, err := t.rt.RoundTrip(req)
		if e, ok := err.(net.Error); ok && e.Timeout() && retries > 0 {
			retries--
			select {
			case <-req.Context().Done():
				return nil, req.Context().Err()
			case <-time.After(t.backoff):
			}
			continue
		}
		return res, err
	}
}

func NewCooldownClient() *http.Client {
	return &http.Client{Timeout: 20 * time.Second, Transport: newCooldown()}
}

// The twin: the same settings, one of them written with another
// constant by a second constructor: the count is not one constant, and
// nothing is claimed.
type cooldownTwo struct {
	rt      http.RoundTripper
	retries int
	backoff time.Duration
}

func newCooldownTwo() *cooldownTwo {
	return &cooldownTwo{rt: http.DefaultTransport, retries: 3, backoff: 10 * time.Second}
}

func newCooldownOne() *cooldownTwo {
	return &cooldownTwo{rt: http.DefaultTransport, retries: 1, backoff: 10 * time.Second}
}

func (t *cooldownTwo) RoundTrip(req *http.Request) (*http.Response, error) {
	retries := t.retries
	for {
		res, err := t.rt.RoundTrip(req)
		if e, ok := err.(net.Error); ok && e.Timeout() && retries > 0 {
			retries--
			select {
			case <-req.Context().Done():
				return nil, req.Context().Err()
			case <-time.After(t.backoff):
			}
			continue
		}
		return res, err
	}
}

func NewCooldownTwoClients() (*http.Client, *http.Client) {
	return &http.Client{Timeout: 20 * time.Second, Transport: newCooldownTwo()},
		&http.Client{Timeout: 20 * time.Second, Transport: newCooldownOne()}
}
