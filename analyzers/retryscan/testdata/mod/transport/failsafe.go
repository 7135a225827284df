package transport

import (
	"net/http"
	"strings"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/circuitbreaker"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/failsafe-go/failsafe-go/timeout"

	"example.com/retryscantest/transport/rt"
)

// failsafehttp's RoundTripper retries as the retry policy given its
// constructor says: WithMaxRetries(4) is 5 attempts.
var fsClient = &http.Client{Transport: failsafehttp.NewRoundTripper(nil, failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(4).Build())}

func FailsafeFetch(req *http.Request) error { // want `retrier\(5 via failsafehttp.RoundTripper\)`
	_, err := fsClient.Do(req) // want `site client "failsafehttp.RoundTripper" 5 attempts`
	return err
}

// A policy that sets no count: the library's 2 retries, 3 attempts; the
// transport built by a helper of the package, the policy in a variable.
func newFailsafeTransport() http.RoundTripper {
	rp := retrypolicy.NewBuilder[*http.Response]().WithBackoff(time.Second, time.Minute).Build()
	return failsafehttp.NewRoundTripper(http.DefaultTransport, circuitbreaker.NewWithDefaults[*http.Response](), rp)
}

type fsStore struct{ hc *http.Client }

func newFSStore() *fsStore { return &fsStore{hc: &http.Client{Transport: newFailsafeTransport()}} }

func (s *fsStore) Save(u string) error { // want `retrier\(3 via failsafehttp.RoundTripper\)`
	_, err := s.hc.Post(u, "application/json", strings.NewReader("{}")) // want `site client "failsafehttp.RoundTripper" 3 attempts`
	return err
}

// A count out of sight is unknown, not the default.
func FailsafeN(u string, n int) error { // want `retrier\(N via failsafehttp.RoundTripper\)`
	rp := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(n).Build()
	hc := &http.Client{Transport: failsafehttp.NewRoundTripper(nil, rp)}
	_, err := hc.Get(u) // want `site client "failsafehttp.RoundTripper" N attempts`
	return err
}

// Through an executor.
func FailsafeExecutor(u string) error { // want `retrier\(4 via failsafehttp.RoundTripper\)`
	ex := failsafe.With(retrypolicy.NewBuilder[*http.Response]().WithMaxAttempts(4).Build())
	hc := &http.Client{Transport: failsafehttp.NewRoundTripperWithExecutor(nil, ex)}
	_, err := hc.Get(u) // want `site client "failsafehttp.RoundTripper" 4 attempts`
	return err
}

// Twins: no retry policy (a breaker and a timeout), a retry policy of
// one attempt, policies handed in by the caller: no layer.
func FailsafeNoRetry(u string) error {
	hc := &http.Client{Transport: failsafehttp.NewRoundTripper(nil, circuitbreaker.NewWithDefaults[*http.Response](), timeout.New[*http.Response](time.Second))}
	_, err := hc.Get(u)
	return err
}

func FailsafeOnce(u string) error {
	hc := &http.Client{Transport: failsafehttp.NewRoundTripper(nil, failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(0).Build())}
	_, err := hc.Get(u)
	return err
}

func FailsafeGiven(u string, policies ...failsafe.Policy[*http.Response]) error {
	hc := &http.Client{Transport: failsafehttp.NewRoundTripper(nil, policies...)}
	_, err := hc.Get(u)
	return err
}

// Another package's client on failsafehttp's RoundTripper, through its
// ConfigFact; twin: one whose RoundTripper has a breaker only.
func FailsafeHelper(req *http.Request) error { // want `retrier\(4 via failsafehttp.RoundTripper\)`
	_, err := rt.FailsafeClient().Do(req) // want `site client "failsafehttp.RoundTripper" 4 attempts`
	return err
}

func BreakerHelper(req *http.Request) error {
	_, err := rt.BreakerClient().Do(req)
	return err
}
