package transport

import (
	"context"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/failsafe-go/failsafe-go/timeout"
)

// An *http.Client whose Transport is failsafehttp's RoundTripper with a
// retry policy is a retry layer, as a retryablehttp.RoundTripper is.
type fsClient struct{ hc *http.Client }

func newFSClient() *fsClient {
	rp := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(2).Build()
	return &fsClient{hc: &http.Client{Timeout: 10 * time.Second, Transport: failsafehttp.NewRoundTripper(nil, rp)}}
}

func (c *fsClient) get(ctx context.Context, url string) error {
	return retry.Do(func() error { // want `retry.Do \(3 attempts\) wraps failsafehttp.RoundTripper \(3 attempts\), which retries again: up to 9 calls per call of fsClient.get \(3x3 via failsafehttp.RoundTripper\)`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Attempts(3), retry.Context(ctx))
}

// Twin: a RoundTripper given a circuit breaker and a timeout, no retry
// policy, sends each request once.
type fsGuarded struct{ hc *http.Client }

func newFSGuarded() *fsGuarded {
	cb := circuitbreaker.NewWithDefaults[*http.Response]()
	return &fsGuarded{hc: &http.Client{Transport: failsafehttp.NewRoundTripper(nil, cb, timeout.New[*http.Response](5*time.Second))}}
}

func (c *fsGuarded) get(ctx context.Context, url string) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Attempts(3), retry.Context(ctx))
}
