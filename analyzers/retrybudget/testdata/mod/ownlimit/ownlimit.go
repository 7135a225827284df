// Package ownlimit holds retries whose library's own time arithmetic
// stops them before the attempts they promise, beside twins that fit.
package ownlimit

import (
	"errors"
	"math"
	"net/http"
	"time"

	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/hashicorp/go-retryablehttp"
	"k8s.io/apimachinery/pkg/util/wait"
)

func cond() (bool, error) { return false, errors.New("x") }

// The StandardClient's Timeout bounds the whole retry: 1s + 2s + 4s + 8s
// of waits do not fit in 10s.
func standardClient(req *http.Request) {
	rc := retryablehttp.NewClient()
	hc := rc.StandardClient()
	hc.Timeout = 10 * time.Second
	hc.Do(req) // want `retryablehttp.Client.StandardClient waits \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? \+ 8s \+ \? >= 15s but the http.Client's Timeout of 10s stops the whole retry first: the fifth attempt never starts; raise the limit, or lower the attempts or the waits`
}

// The twin: RetryWaitMax keeps the waits inside the Timeout.
func standardClientFits(req *http.Request) {
	rc := retryablehttp.NewClient()
	rc.RetryWaitMax = 2 * time.Second
	hc := rc.StandardClient()
	hc.Timeout = 10 * time.Second
	hc.Do(req)
}

// The same client written out: retryablehttp's RoundTripper as the
// Transport of a client whose Timeout bounds the whole retry.
func roundTripper(req *http.Request) {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = 2 * time.Second
	hc := &http.Client{Transport: &retryablehttp.RoundTripper{Client: rc}, Timeout: 10 * time.Second}
	hc.Do(req) // want `retryablehttp.RoundTripper waits \? \+ 2s \+ \? \+ 4s \+ \? \+ 8s \+ \? >= 14s but the http.Client's Timeout of 10s stops the whole retry first: the fourth attempt never starts`
}

// The twin: the Timeout is the retryablehttp client's own HTTPClient's,
// which bounds each attempt, not the retry.
func roundTripperAttemptTimeout(req *http.Request) {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = 2 * time.Second
	rc.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	hc := &http.Client{Transport: &retryablehttp.RoundTripper{Client: rc}}
	hc.Do(req)
}

// The client's Timeout bounds the whole retry, not each attempt: three
// attempts with waits of at most 100ms and 200ms fit in 10s (an attempt
// read as 10s long would not).
func failsafeTransport(req *http.Request) {
	rp := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(2).WithBackoff(100*time.Millisecond, time.Second).Build()
	hc := &http.Client{Timeout: 10 * time.Second, Transport: failsafehttp.NewRoundTripper(nil, rp)}
	hc.Do(req)
}

// wait.Backoff reaches Cap after two steps of six.
func capEndsSteps() error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 6, Duration: time.Second, Factor: 2, Cap: 3 * time.Second}, cond) // want `wait.ExponentialBackoff promises 6 steps but its Cap of 3s is reached after 2 attempts: Step then sets Steps to 0 and the other 4 never run; raise Cap or lower Steps`
}

// The twin: a Cap above every step.
func capAboveSteps() error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: 3, Duration: time.Second, Factor: 2, Cap: 10 * time.Second}, cond)
}

// Steps: math.MaxInt as "no limit but the cap" (velero's CapBackoff):
// the count is not made into a list of waits, and the cap still ends
// the retry.
func capEndsEndless() error {
	return wait.ExponentialBackoff(wait.Backoff{Steps: math.MaxInt, Duration: time.Second, Factor: 2, Cap: 3 * time.Second}, cond) // want `wait.ExponentialBackoff promises 9223372036854775807 steps but its Cap of 3s is reached after 2 attempts`
}
