package transport

import (
	"bytes"
	"net/http"
	"time"

	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
)

// failsafehttp's RoundTripper with a retry policy repeats a POST, as a
// retryablehttp.RoundTripper does.
type fsPayments struct{ hc *http.Client }

func newFSPayments() *fsPayments {
	rp := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(2).Build()
	return &fsPayments{hc: &http.Client{Timeout: 10 * time.Second, Transport: failsafehttp.NewRoundTripper(nil, rp)}}
}

func (p *fsPayments) charge(body []byte) error {
	resp, err := p.hc.Post("https://pay.example.com/v1/charges", "application/json", bytes.NewReader(body)) // want `failsafehttp.RoundTripper retries an HTTP POST with no Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Twin: a circuit breaker alone retries nothing.
type fsGuarded struct{ hc *http.Client }

func newFSGuarded() *fsGuarded {
	cb := circuitbreaker.NewWithDefaults[*http.Response]()
	return &fsGuarded{hc: &http.Client{Transport: failsafehttp.NewRoundTripper(nil, cb)}}
}

func (p *fsGuarded) charge(body []byte) error { // want charge:`nonidempotent\(an HTTP POST\)`
	resp, err := p.hc.Post("https://pay.example.com/v1/charges", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
