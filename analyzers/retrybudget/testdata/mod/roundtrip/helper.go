package roundtrip

import (
	"context"
	"net"
	"net/http"
	"time"
)

// A RoundTrip that hands its request to a helper that retries it: the
// same retry under the same clients (elastic/cloud-sdk-go#235). The
// helper counts its attempts against a parameter, which the RoundTrip
// gives.
type handing struct{ next http.RoundTripper }

func (t *handing) RoundTrip(req *http.Request) (*http.Response, error) {
	return doWithRetry(t.next, req, 4) // want `doWithRetry's retry \(retry loop\) waits \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? >= 7s but its context has a 5s deadline: the fourth attempt never starts`
}

func doWithRetry(rt http.RoundTripper, req *http.Request, attempts int) (*http.Response, error) { // want doWithRetry:`budget\(req 1, retry loop \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? >= 7s\)`
	wait := time.Second
	for i := 0; ; i++ {
		resp, err := rt.RoundTrip(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if i == attempts-1 {
			return resp, err
		}
		if resp != nil {
			resp.Body.Close()
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(wait):
		}
		wait *= 2
	}
}

func newHandingClient() *http.Client {
	return &http.Client{Timeout: 5 * time.Second, Transport: &handing{next: http.DefaultTransport}}
}

// The twin: a client of 30s, the 7s of waits fit.
type handingPatient struct{ next http.RoundTripper }

func (t *handingPatient) RoundTrip(req *http.Request) (*http.Response, error) {
	return doWithRetry(t.next, req, 4)
}

func newHandingPatientClient() *http.Client {
	return &http.Client{Timeout: 30 * time.Second, Transport: &handingPatient{next: http.DefaultTransport}}
}

// The helper handed a request of the RoundTrip's own making, on a
// context of its own: the client's Timeout does not reach it.
type detached struct{ next http.RoundTripper }

func (t *detached) RoundTrip(req *http.Request) (*http.Response, error) {
	return doWithRetry(t.next, req.Clone(context.Background()), 4)
}

func newDetachedClient() *http.Client {
	return &http.Client{Timeout: 5 * time.Second, Transport: &detached{next: http.DefaultTransport}}
}

// A recursive helper method counting down the retries the transport's
// constructor sets (3 retries, 10s apart) under a client of 20s: the
// count is the field the RoundTrip passes.
type recursing struct {
	rt      http.RoundTripper
	retries int
	backoff time.Duration
}

func (t *recursing) RoundTrip(req *http.Request) (*http.Response, error) {
	return t.doRoundTrip(req, t.retries) // want `recursing.doRoundTrip's retry \(recursive retry\) waits \? \+ 10s \+ \? \+ 10s \+ \? \+ 10s \+ \? >= 30s but its context has a 20s deadline: the third attempt never starts`
}

func (t *recursing) doRoundTrip(req *http.Request, retries int) (*http.Response, error) { // want doRoundTrip:`budget\(req 0, recursive retry .* >= 30s\)`
	res, err := t.rt.RoundTrip(req)
	if e, ok := err.(net.Error); ok && e.Timeout() {
		if retries > 0 {
			retries--
			<-time.After(t.backoff)
			return t.doRoundTrip(req, retries)
		}
	}
	return res, err
}

func newRecursingClient() *http.Client {
	return &http.Client{Timeout: 20 * time.Second, Transport: &recursing{rt: http.DefaultTransport, retries: 3, backoff: 10 * time.Second}}
}

// The twin: one retry, 10s, fits the 20s.
type recursingOnce struct {
	rt      http.RoundTripper
	retries int
	backoff time.Duration
}

func (t *recursingOnce) RoundTrip(req *http.Request) (*http.Response, error) {
	return t.doRoundTrip(req, t.retries)
}

func (t *recursingOnce) doRoundTrip(req *http.Request, retries int) (*http.Response, error) { // want doRoundTrip:`budget\(req 0, recursive retry .* >= 10s\)`
	res, err := t.rt.RoundTrip(req)
	if e, ok := err.(net.Error); ok && e.Timeout() {
		if retries > 0 {
			retries--
			<-time.After(t.backoff)
			return t.doRoundTrip(req, retries)
		}
	}
	return res, err
}

func newRecursingOnceClient() *http.Client {
	return &http.Client{Timeout: 20 * time.Second, Transport: &recursingOnce{rt: http.DefaultTransport, retries: 1, backoff: 10 * time.Second}}
}
