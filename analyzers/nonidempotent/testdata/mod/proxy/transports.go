// Package proxy resends requests it is handed: transports whose
// RoundTrip retries, and reverse-proxy handlers that retry the upstream
// round trip (moonrhythm/parapet#76), with their twins that retry only
// what may run twice.
package proxy

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
)

// A transport that retries on http.DefaultTransport.
type Retrying struct{ Attempts int }

func (t *Retrying) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0, retries\)` RoundTrip:`resends`
	var resp *http.Response
	var err error
	for i := 0; i < t.Attempts; i++ {
		resp, err = http.DefaultTransport.RoundTrip(req) // want `retry resends the caller's request whatever its method`
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(i) * 100 * time.Millisecond)
	}
	return nil, err
}

// NewRetrying returns a transport that retries every request.
func NewRetrying() *Retrying { return &Retrying{Attempts: 3} }

// A clone per attempt, the body rewound from GetBody: still the
// caller's method.
type cloning struct{ next http.RoundTripper }

func (t cloning) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0, retries\)` RoundTrip:`resends`
	var err error
	for i := 0; i < 3; i++ {
		r := req.Clone(req.Context())
		if i > 0 && req.GetBody != nil {
			if r.Body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
		resp, rerr := t.next.RoundTrip(r) // want `retry resends the caller's request whatever its method`
		if rerr == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		err = rerr
		time.Sleep(time.Second)
	}
	return nil, err
}

// A timeout per attempt, the request re-derived with it in the loop:
// still the caller's request, whatever its method.
type perTry struct{ next http.RoundTripper }

func (t perTry) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0, retries\)` RoundTrip:`resends`
	var err error
	for i := 0; i < 3; i++ {
		ctx, cancel := context.WithTimeout(req.Context(), 5*time.Second)
		req = req.WithContext(ctx)
		resp, rerr := t.next.RoundTrip(req) // want `retry resends the caller's request whatever its method`
		if rerr == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		cancel()
		err = rerr
		time.Sleep(time.Second)
	}
	return nil, err
}

// Twin: the same loop sends only a GET or a HEAD; the others are sent
// once.
type perTryReads struct{ next http.RoundTripper }

func (t perTryReads) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0\)`
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		return t.next.RoundTrip(req)
	}
	var err error
	for i := 0; i < 3; i++ {
		ctx, cancel := context.WithTimeout(req.Context(), 5*time.Second)
		req = req.WithContext(ctx)
		resp, rerr := t.next.RoundTrip(req)
		if rerr == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		cancel()
		err = rerr
		time.Sleep(time.Second)
	}
	return nil, err
}

// A retrying client inside a transport.
type viaRetryable struct{ rc *retryablehttp.Client }

func (t viaRetryable) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0, retries\)` RoundTrip:`resends`
	rreq, err := retryablehttp.FromRequest(req)
	if err != nil {
		return nil, err
	}
	return t.rc.Do(rreq) // want `retryablehttp.Client.Do resends the caller's request whatever its method`
}

// Twins: a test of the method before the retry; a predicate of the
// package; the key header or an idempotent method.

type methodGuarded struct{ next http.RoundTripper }

func (t methodGuarded) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0\)`
	switch req.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
	default:
		return t.next.RoundTrip(req)
	}
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if resp, err = t.next.RoundTrip(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

func isIdempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete, http.MethodOptions:
		return true
	}
	return false
}

type predicated struct{ next http.RoundTripper }

func (t predicated) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0\)`
	attempts := 3
	if !isIdempotent(req.Method) {
		attempts = 1
	}
	var resp *http.Response
	var err error
	for i := 0; i < attempts; i++ {
		if resp, err = t.next.RoundTrip(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

type keyed struct{ next http.RoundTripper }

func (t keyed) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0\)`
	if req.Header.Get("Idempotency-Key") == "" && !isIdempotent(req.Method) {
		return t.next.RoundTrip(req)
	}
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if resp, err = t.next.RoundTrip(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

// Twin: another header is no key.
type traced struct{ next http.RoundTripper }

func (t traced) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0\)` RoundTrip:`resends`
	if req.Header.Get("X-Request-Id") == "" && !isIdempotent(req.Method) {
		return t.next.RoundTrip(req)
	}
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if resp, err = t.next.RoundTrip(req); err == nil { // want `retry resends the caller's request whatever its method`
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

// Twin: a request with a body is sent once.
type bodiless struct{ next http.RoundTripper }

func (t bodiless) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0\)`
	if req.Body != nil && req.Body != http.NoBody {
		return t.next.RoundTrip(req)
	}
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if resp, err = t.next.RoundTrip(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

// Twin: a body that can be rewound is resent, POSTs included.
type rewinding struct{ next http.RoundTripper }

func (t rewinding) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0\)` RoundTrip:`resends`
	if req.Body != nil && req.GetBody == nil {
		return t.next.RoundTrip(req)
	}
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if resp, err = t.next.RoundTrip(req); err == nil { // want `retry resends the caller's request whatever its method`
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

// Twin: a transport that sends once.
type headers struct{ next http.RoundTripper }

func (t headers) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0\)`
	req.Header.Set("User-Agent", "proxy")
	return t.next.RoundTrip(req)
}

// Twin: a request the transport builds itself with a constant GET.
type probing struct{ next http.RoundTripper }

func (t probing) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0\)`
	for i := 0; i < 3; i++ {
		probe, err := http.NewRequestWithContext(req.Context(), http.MethodGet, "http://backend/healthz", nil)
		if err != nil {
			return nil, err
		}
		if resp, err := t.next.RoundTrip(probe); err == nil && resp.StatusCode == http.StatusOK {
			break
		}
		time.Sleep(time.Second)
	}
	return t.next.RoundTrip(req)
}

// Twin: a helper the package hands its requests to is judged where the
// method is named (sender.go), not here.
func Send(hc *http.Client, req *http.Request) (*http.Response, error) { // want Send:`sends\(1, retries\)`
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if resp, err = hc.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

func postOrder(hc *http.Client, body string) error {
	req, err := http.NewRequest(http.MethodPost, "https://orders.example.com/v1/orders", strings.NewReader(body))
	if err != nil {
		return err
	}
	_, err = Send(hc, req) // want `Send retries an HTTP POST with no Idempotency-Key header`
	return err
}

// Twin: only a GET goes round again (PuerkitoBio/rehttp#1's transport):
// the test after the attempt.
type getOnly struct{ next http.RoundTripper }

func (t getOnly) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0\)`
	for attempt := 0; ; attempt++ {
		resp, err := t.next.RoundTrip(req)
		if attempt == 3 || req.Method != http.MethodGet || err == nil {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}

// Twin: the test after the attempt sends a POST once, but lets a PATCH
// round again.
type notPost struct{ next http.RoundTripper }

func (t notPost) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0, retries\)` RoundTrip:`resends`
	for attempt := 0; ; attempt++ {
		resp, err := t.next.RoundTrip(req) // want `retry resends the caller's request whatever its method`
		if attempt == 3 || req.Method == http.MethodPost || err == nil {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}

// Twin: a key set on the request before the retry.
type keying struct{ next http.RoundTripper }

func (t keying) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0, retries\)`
	req = req.Clone(req.Context())
	if req.Header.Get("Idempotency-Key") == "" {
		req.Header.Set("Idempotency-Key", uuid.NewString())
	}
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if resp, err = t.next.RoundTrip(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}
