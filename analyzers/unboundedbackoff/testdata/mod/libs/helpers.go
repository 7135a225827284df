package libs

import (
	"net/http"
	"time"

	cenkalti "github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
	sethvargo "github.com/sethvargo/go-retry"
)

// Policies built by helpers of the package are read as if written in
// place.

func steadyBackoff() cenkalti.BackOff {
	b := cenkalti.NewExponentialBackOff()
	b.RandomizationFactor = 0
	return b
}

func cenkaltiHelperNoJitter() error {
	return cenkalti.Retry(op, steadyBackoff()) // want `backoff.Retry waits a growing delay with no jitter \(b.RandomizationFactor = 0\)`
}

func jitteredBackoff() cenkalti.BackOff {
	return cenkalti.WithMaxRetries(cenkalti.NewExponentialBackOff(), 5)
}

func cenkaltiHelperDefault() error {
	b := jitteredBackoff()
	return cenkalti.Retry(op, b) // ok: the helper's policy is capped and jittered
}

func growing() sethvargo.Backoff {
	return sethvargo.WithMaxRetries(12, sethvargo.NewExponential(time.Second))
}

func sethvargoHelperUncapped() sethvargo.Backoff {
	return sethvargo.WithCappedDuration(10*time.Second, sethvargo.WithJitterPercent(10, growing()))
}

// Clients kept in fields.

type api struct {
	rc   *retryablehttp.Client
	http *http.Client
}

func newAPI() *api {
	rc := retryablehttp.NewClient()
	rc.Backoff = retryablehttp.DefaultBackoff
	good := retryablehttp.NewClient()
	good.Backoff = retryablehttp.LinearJitterBackoff
	return &api{rc: rc, http: good.StandardClient()}
}

func (a *api) call(req *retryablehttp.Request) (*http.Response, error) {
	return a.rc.Do(req) // want `retryablehttp.Client.Do waits a growing delay with no jitter \(retryablehttp.DefaultBackoff\)`
}

func (a *api) callStd(req *http.Request) (*http.Response, error) {
	return a.http.Do(req) // ok: linear jitter backoff
}
