// Package rt offers a retrying transport and a client built on
// retryablehttp's RoundTripper, for importers.
package rt

import (
	"net/http"
	"time"

	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/hashicorp/go-retryablehttp"
)

// Retrying makes up to 4 attempts of a round trip that fails.
type Retrying struct {
	Base http.RoundTripper
}

func (t *Retrying) RoundTrip(req *http.Request) (*http.Response, error) { // want `retrier\(4 via retry loop\)`
	var resp *http.Response
	var err error
	for i := 0; i < 4; i++ { // want `site loop "retry loop" 4 attempts`
		if resp, err = t.Base.RoundTrip(req); err == nil {
			return resp, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return resp, err
}

// Client returns an *http.Client that retries through retryablehttp's
// RoundTripper, with 2 retries.
func Client() *http.Client { // want `config\(go-retryablehttp.NewClient\(\) go-retryablehttp.Client.RetryMax=2 go-retryablehttp.RoundTripper\{\}\)`
	rc := retryablehttp.NewClient()
	rc.RetryMax = 2
	return &http.Client{Transport: &retryablehttp.RoundTripper{Client: rc}}
}

// Idempotent retries GET and HEAD only; other requests go through once.
type Idempotent struct {
	Base http.RoundTripper
}

func (t Idempotent) RoundTrip(req *http.Request) (*http.Response, error) { // want `retrier\(3 via retry loop\)`
	switch req.Method {
	case http.MethodGet, http.MethodHead:
	default:
		return t.Base.RoundTrip(req)
	}
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if resp, err = t.Base.RoundTrip(req); err == nil {
			return resp, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return resp, err
}

// FailsafeClient returns an *http.Client that retries through
// failsafehttp's RoundTripper, with 3 retries.
func FailsafeClient() *http.Client { // want `config\(failsafehttp.NewRetryPolicyBuilder\(\) retrypolicy.Builder.WithMaxRetries\(3\) failsafehttp.NewRoundTripper\(_, _\)\)`
	rp := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(3).Build()
	return &http.Client{Transport: failsafehttp.NewRoundTripper(nil, rp)}
}

// BreakerClient's RoundTripper has a circuit breaker and no retry policy.
func BreakerClient() *http.Client { // want `config\(failsafehttp.NewRoundTripper\(_, _\)\)`
	return &http.Client{Transport: failsafehttp.NewRoundTripper(nil, circuitbreaker.NewWithDefaults[*http.Response]())}
}
