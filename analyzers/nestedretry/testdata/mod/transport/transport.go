// Package transport loops around clients whose Transport retries, and
// around look-alikes that do not.
package transport

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// An *http.Client whose Transport retries is a retry layer: the
// retryablehttp.RoundTripper StandardClient builds, written out.
var viaRoundTripper = &http.Client{Transport: &retryablehttp.RoundTripper{Client: retryablehttp.NewClient()}}

func loopOverRoundTripper(req *http.Request) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps retryablehttp.RoundTripper \(5 attempts\), which retries again: up to 15 calls per call of loopOverRoundTripper \(3x5 via retryablehttp.RoundTripper\)`
		var resp *http.Response
		if resp, err = viaRoundTripper.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twin: RetryMax = 0, one attempt inside.
func loopOverOneShotRoundTripper(req *http.Request) error {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	hc := &http.Client{Transport: &retryablehttp.RoundTripper{Client: rc}}
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// A transport of the package whose RoundTrip retries.
type retryingTransport struct {
	base     http.RoundTripper
	attempts int
}

func (t *retryingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if resp, err = t.base.RoundTrip(req); err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return resp, err
}

func newTransportClient() *http.Client {
	return &http.Client{Timeout: 5 * time.Second, Transport: &retryingTransport{base: http.DefaultTransport}}
}

func loopOverTransport(u string) error {
	hc := newTransportClient()
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps retryingTransport.RoundTrip \(3 attempts\), which retries again: up to 9 calls per call of loopOverTransport \(3x3 via retryingTransport.RoundTrip\)`
		var resp *http.Response
		if resp, err = hc.Get(u); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twin: a transport that only adds a header retries nothing.
type headerTransport struct{ base http.RoundTripper }

func (t *headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Set("User-Agent", "app")
	return t.base.RoundTrip(req)
}

func loopOverHeaderTransport(u string) error {
	hc := &http.Client{Transport: &headerTransport{base: http.DefaultTransport}}
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = hc.Get(u); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twin: a Transport from a parameter is not known to retry.
func loopOverGivenTransport(rt http.RoundTripper, u string) error {
	hc := &http.Client{Transport: rt}
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = hc.Get(u); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// The Transport set after the client is built, here or by a helper of
// the package the client is handed to: a retry layer.
func loopOverAssignedRoundTripper(req *http.Request) error {
	hc := &http.Client{Timeout: 5 * time.Second}
	hc.Transport = &retryablehttp.RoundTripper{Client: retryablehttp.NewClient()}
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps retryablehttp.RoundTripper \(5 attempts\), which retries again: up to 15 calls per call of loopOverAssignedRoundTripper \(3x5 via retryablehttp.RoundTripper\)`
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func useRetryingTransport(hc *http.Client) {
	hc.Transport = &retryablehttp.RoundTripper{Client: retryablehttp.NewClient()}
}

func loopOverHelperRoundTripper(req *http.Request) error {
	hc := &http.Client{Timeout: 5 * time.Second}
	useRetryingTransport(hc)
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps retryablehttp.RoundTripper \(5 attempts\), which retries again: up to 15 calls per call of loopOverHelperRoundTripper \(3x5 via retryablehttp.RoundTripper\)`
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// A copy of the default client given a retrying Transport at once.
func loopOverCopiedClient(req *http.Request) error {
	hc := *http.DefaultClient
	hc.Transport = &retryablehttp.RoundTripper{Client: retryablehttp.NewClient()}
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps retryablehttp.RoundTripper \(5 attempts\), which retries again: up to 15 calls per call of loopOverCopiedClient \(3x5 via retryablehttp.RoundTripper\)`
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twins: a plain http.Transport, set here or by a helper, retries
// nothing.
func usePooledTransport(hc *http.Client) {
	hc.Transport = &http.Transport{MaxIdleConnsPerHost: 16}
}

func loopOverPlainTransport(req *http.Request) error {
	hc := &http.Client{Timeout: 5 * time.Second}
	hc.Transport = &http.Transport{MaxIdleConns: 100}
	other := &http.Client{Timeout: 5 * time.Second}
	usePooledTransport(other)
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		if resp, err = other.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twin: a client handed to code the engine does not read (here kept in a
// field of retryablehttp's Client; a wrapper of another package may
// replace its Transport) is not known to retry, whatever its literal
// says.
func loopOverHandedClient(req *http.Request) error {
	hc := &http.Client{Transport: &retryablehttp.RoundTripper{Client: retryablehttp.NewClient()}}
	rc := retryablehttp.NewClient()
	rc.HTTPClient = hc
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
