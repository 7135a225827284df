// Package transport: an *http.Client retries inside when its Transport
// does, a catalogued one (retryablehttp.RoundTripper, configured by the
// client in its field) or one whose RoundTrip retries.
package transport

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"example.com/retryscantest/transport/rt"
)

// retryablehttp.RoundTripper: what StandardClient builds, written out.
var rrt = &http.Client{Transport: &retryablehttp.RoundTripper{Client: retryablehttp.NewClient()}}

func Fetch(req *http.Request) error { // want `retrier\(5 via retryablehttp.RoundTripper\)`
	_, err := rrt.Do(req) // want `site client "retryablehttp.RoundTripper" 5 attempts`
	return err
}

// No client in the field: the library's default client.
func FetchDefault(u string) error { // want `retrier\(5 via retryablehttp.RoundTripper\)`
	hc := &http.Client{Transport: &retryablehttp.RoundTripper{}}
	_, err := hc.Get(u) // want `site client "retryablehttp.RoundTripper" 5 attempts`
	return err
}

// The client's RetryMax, set after the transport was built.
func FetchTwo(u string) error { // want `retrier\(3 via retryablehttp.RoundTripper\)`
	rc := retryablehttp.NewClient()
	hc := &http.Client{Timeout: time.Second}
	hc.Transport = &retryablehttp.RoundTripper{Client: rc}
	rc.RetryMax = 2
	_, err := hc.Head(u) // want `site client "retryablehttp.RoundTripper" 3 attempts`
	return err
}

// Twin: RetryMax = 0 makes one attempt: no layer.
func FetchOnce(u string) error {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	hc := &http.Client{Transport: &retryablehttp.RoundTripper{Client: rc}}
	_, err := hc.PostForm(u, url.Values{})
	return err
}

// A hand-written transport whose RoundTrip retries.
type retryTransport struct {
	base     http.RoundTripper
	attempts int
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want `retrier\(3 via retry loop\)`
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if resp, err = t.base.RoundTrip(req); err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return resp, err
}

func newRetryClient() *http.Client {
	return &http.Client{Transport: &retryTransport{base: http.DefaultTransport}}
}

// Built by a constructor of the package, kept in an unexported field.
type store struct{ hc *http.Client }

func newStore() *store { return &store{hc: newRetryClient()} }

func (s *store) Save(u string) error { // want `retrier\(3 via retryTransport.RoundTrip\)`
	_, err := s.hc.Post(u, "application/json", strings.NewReader("{}")) // want `site client "retryTransport.RoundTrip" 3 attempts`
	return err
}

// Another package's transport, through its RetrierFact.
var imported = &http.Client{Transport: &rt.Retrying{Base: http.DefaultTransport}}

func Imported(req *http.Request) error { // want `retrier\(4 via Retrying.RoundTrip\)`
	_, err := imported.Do(req) // want `site client "Retrying.RoundTrip" 4 attempts`
	return err
}

// Another package's client with retryablehttp's RoundTripper, through its
// ConfigFact.
func Helper(req *http.Request) error { // want `retrier\(3 via retryablehttp.RoundTripper\)`
	_, err := rt.Client().Do(req) // want `site client "retryablehttp.RoundTripper" 3 attempts`
	return err
}

// Twins: transports that retry nothing: one that logs, one that adds a
// header, each wrapping the default transport.
type logTransport struct{ next http.RoundTripper }

func (t logTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	start := time.Now()
	resp, err := t.next.RoundTrip(req)
	println(req.URL.String(), time.Since(start).String())
	return resp, err
}

type headerTransport struct{ next http.RoundTripper }

func (t *headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Set("X-Client", "svc")
	return t.next.RoundTrip(req)
}

var logged = &http.Client{Transport: logTransport{next: http.DefaultTransport}}
var headed = &http.Client{Transport: &headerTransport{next: http.DefaultTransport}}

func Logged(req *http.Request) error {
	if _, err := logged.Do(req); err != nil {
		return err
	}
	_, err := headed.Do(req)
	return err
}

// Twin: a Transport from a parameter is unknown.
func FromParam(base http.RoundTripper, req *http.Request) error {
	hc := &http.Client{Transport: base}
	_, err := hc.Do(req)
	return err
}

// Twin: the client itself from a parameter.
func ClientParam(hc *http.Client, req *http.Request) error {
	_, err := hc.Do(req)
	return err
}

// Twin: a plain client, and one with the default transport.
func Plain(req *http.Request) error {
	if _, err := http.DefaultClient.Do(req); err != nil {
		return err
	}
	hc := &http.Client{Transport: http.DefaultTransport}
	_, err := hc.Do(req)
	return err
}

// Not followed (a documented miss): a logging transport wrapping a
// retrying one retries, but what its field holds is not read.
var wrapped = &http.Client{Transport: logTransport{next: &retryTransport{base: http.DefaultTransport}}}

func Wrapped(req *http.Request) error {
	_, err := wrapped.Do(req)
	return err
}

// Twins: transports that retry only some requests (a test of the
// request's method), here and in another package: which ones is not
// judged, and they make no site.
type idemTransport struct{ next http.RoundTripper }

func (t *idemTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want `retrier\(3 via retry loop\)`
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		return t.next.RoundTrip(req)
	}
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if resp, err = t.next.RoundTrip(req); err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return resp, err
}

// A transport that gives up on a body it cannot rewind still retries
// every request whose body it can (what http.NewRequest makes of bytes
// and strings), POSTs included: a site.
type rewindTransport struct{ next http.RoundTripper }

func (t *rewindTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want `retrier\(3 via retry loop\)`
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if resp, err = t.next.RoundTrip(req); err == nil {
			return resp, nil
		}
		if req.Body != nil && req.GetBody == nil {
			return resp, err // cannot replay the body
		}
		time.Sleep(100 * time.Millisecond)
	}
	return resp, err
}

var (
	idem      = &http.Client{Transport: &idemTransport{next: http.DefaultTransport}}
	rewind    = &http.Client{Transport: &rewindTransport{next: http.DefaultTransport}}
	idemOther = &http.Client{Transport: rt.Idempotent{Base: http.DefaultTransport}}
)

func Gated(u string) error {
	if _, err := idem.Post(u, "text/plain", nil); err != nil {
		return err
	}
	_, err := idemOther.Post(u, "text/plain", nil)
	return err
}

func Rewind(u string) error { // want `retrier\(3 via rewindTransport.RoundTrip\)`
	_, err := rewind.Post(u, "text/plain", strings.NewReader("{}")) // want `site client "rewindTransport.RoundTrip" 3 attempts`
	return err
}
