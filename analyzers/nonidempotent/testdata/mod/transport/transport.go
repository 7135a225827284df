// Package transport sends requests through clients whose Transport
// retries, and through look-alikes that do not.
package transport

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// An *http.Client whose Transport retries repeats a POST it sends.
var roundTripper = &http.Client{Transport: &retryablehttp.RoundTripper{Client: retryablehttp.NewClient()}}

func chargeViaRoundTripper(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example.com/v1/charges", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := roundTripper.Do(req) // want `retryablehttp.RoundTripper retries an HTTP POST with no Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Twin: RetryMax = 0 makes one attempt.
func chargeOnce(ctx context.Context, body []byte) error { // want chargeOnce:`nonidempotent\(an HTTP POST\)`
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	hc := &http.Client{Transport: &retryablehttp.RoundTripper{Client: rc}}
	_, err := hc.Post("https://pay.example.com/v1/charges", "application/json", bytes.NewReader(body))
	return err
}

// A transport of the package whose RoundTrip retries whatever request
// it is handed: reported at its send, once; the POST the package sends
// through it is the same defect, and is not reported again.
type retryTransport struct{ next http.RoundTripper }

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0, retries\)` RoundTrip:`resends`
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if resp, err = t.next.RoundTrip(req); err == nil && resp.StatusCode < 500 { // want `retry resends the caller's request whatever its method: a POST or PATCH that timed out may run twice; retry only idempotent methods or requests with an Idempotency-Key`
			return resp, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return resp, err
}

var orders = &http.Client{Timeout: 5 * time.Second, Transport: &retryTransport{next: http.DefaultTransport}}

func postOrder(body string) error { // want postOrder:`nonidempotent\(an HTTP POST\)`
	_, err := orders.Post("https://orders.example.com/v1/orders", "application/json", strings.NewReader(body))
	return err
}

// Twins: a GET through it is idempotent; a POST with a key is safe.
func getOrder(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://orders.example.com/v1/orders/"+id, nil)
	if err != nil {
		return err
	}
	_, err = orders.Do(req)
	return err
}

func postOrderKeyed(ctx context.Context, key, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://orders.example.com/v1/orders", strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	_, err = orders.Do(req)
	return err
}

// Twin: a transport that only logs retries nothing.
type logTransport struct{ next http.RoundTripper }

func (t logTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0\)`
	start := time.Now()
	resp, err := t.next.RoundTrip(req)
	println(req.Method, time.Since(start).String())
	return resp, err
}

var logged = &http.Client{Transport: logTransport{next: http.DefaultTransport}}

func postLogged(body string) error { // want postLogged:`nonidempotent\(an HTTP POST\)`
	_, err := logged.Post("https://orders.example.com/v1/orders", "application/json", strings.NewReader(body))
	return err
}

// Twin: a Transport from a parameter is not known to retry.
func postGiven(rt http.RoundTripper, body string) error { // want postGiven:`nonidempotent\(an HTTP POST\)`
	hc := &http.Client{Transport: rt}
	_, err := hc.Post("https://orders.example.com/v1/orders", "application/json", strings.NewReader(body))
	return err
}

// Twin: a transport that retries GET and HEAD only sends a POST once.
type idemTransport struct{ next http.RoundTripper }

func (t *idemTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(0\)`
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		return t.next.RoundTrip(req)
	}
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if resp, err = t.next.RoundTrip(req); err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return resp, err
}

var idem = &http.Client{Transport: &idemTransport{next: http.DefaultTransport}}

func postIdem(body string) error { // want postIdem:`nonidempotent\(an HTTP POST\)`
	_, err := idem.Post("https://orders.example.com/v1/orders", "application/json", strings.NewReader(body))
	return err
}

// A retrying transport set by a helper of the package the client is
// handed to repeats a POST as well.
func withRetries(hc *http.Client) {
	hc.Transport = &retryablehttp.RoundTripper{Client: retryablehttp.NewClient()}
}

func postViaHelper(body string) error {
	hc := &http.Client{Timeout: 5 * time.Second}
	withRetries(hc)
	_, err := hc.Post("https://orders.example.com/v1/orders", "application/json", strings.NewReader(body)) // want `retryablehttp.RoundTripper retries an HTTP POST with no Idempotency-Key header`
	return err
}

// Twin: a helper that sets a plain transport: the POST is sent once.
func withPool(hc *http.Client) {
	hc.Transport = &http.Transport{MaxIdleConnsPerHost: 16}
}

func postViaPoolHelper(body string) error { // want postViaPoolHelper:`nonidempotent\(an HTTP POST\)`
	hc := &http.Client{Timeout: 5 * time.Second}
	withPool(hc)
	_, err := hc.Post("https://orders.example.com/v1/orders", "application/json", strings.NewReader(body))
	return err
}
