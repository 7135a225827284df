// Package retrycfg builds the service's retry configuration once, the way
// services keep it in a package of their own: other packages read what
// these helpers return through their facts.
package retrycfg

import (
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
)

// NewBackoff is capped at 10s and has no jitter.
func NewBackoff() *backoff.ExponentialBackOff { // want `config\(backoff.NewExponentialBackOff\(\) backoff.ExponentialBackOff.MaxInterval=10000000000 backoff.ExponentialBackOff.RandomizationFactor=0\)`
	b := backoff.NewExponentialBackOff()
	b.MaxInterval = 10 * time.Second
	b.RandomizationFactor = 0
	return b
}

// Options makes 20 attempts that double with no jitter.
func Options() []retry.Option { // want `config\(retry-go.Attempts\(20\) retry-go.DelayType\(_\) retry-go.BackOffDelay\)`
	return []retry.Option{retry.Attempts(20), retry.DelayType(retry.BackOffDelay)}
}

// HTTPClient retries inside a plain *http.Client: 7 retries, 8 attempts.
func HTTPClient() *http.Client { // want `config\(go-retryablehttp.NewClient\(\) go-retryablehttp.Client.RetryMax=7 go-retryablehttp.Client.StandardClient\(\)\)`
	rc := retryablehttp.NewClient()
	rc.RetryMax = 7
	return rc.StandardClient()
}

// Config hands out the options as a method, through a helper of this
// package.
type Config struct{ Name string }

func (Config) RetryOptions() []retry.Option { // want `config\(retry-go.Attempts\(20\) retry-go.DelayType\(_\) retry-go.BackOffDelay\)`
	return Options()
}

// Twin: the attempts come from the caller (the fact holds a value it
// cannot know: the count stays unknown).
func Attempts(n uint) []retry.Option { // want `config\(retry-go.Attempts\(_\)\)`
	return []retry.Option{retry.Attempts(n)}
}

// Twin: the jitter comes from the caller: a jitter is set, of unknown
// size.
func Backoff(jitter float64) *backoff.ExponentialBackOff { // want `config\(backoff.NewExponentialBackOff\(\) backoff.ExponentialBackOff.RandomizationFactor=_\)`
	b := backoff.NewExponentialBackOff()
	b.RandomizationFactor = jitter
	return b
}

// Twin: one of two configurations, one on each way: the fact keeps
// both, and a retry given it makes the most attempts of its ways, as
// with a local assigned on each way of an if.
func Pick(fast bool) []retry.Option { // want `config\(retry-go.Attempts\(3\) retry-go.Attempts\(20\)\) way1\(retry-go.Attempts\(3\)\) way2\(retry-go.Attempts\(20\)\)`
	if fast {
		return []retry.Option{retry.Attempts(3)}
	}
	return []retry.Option{retry.Attempts(20)}
}

// Twin: a package variable any package may change; Policy returns it
// and has no fact.
var Default = backoff.NewExponentialBackOff()

func Policy() backoff.BackOff { return Default }

// Twin: a client that does not retry has no fact.
func PlainClient() *http.Client { return &http.Client{Timeout: time.Minute} }

// Twin: a delay function the package cannot read makes the delay
// unknown where the options are used.
func Custom() []retry.Option { // want `config\(retry-go.DelayType\(_\)\?\)`
	return []retry.Option{retry.DelayType(delay)}
}

func delay(n uint, err error, c *retry.Config) time.Duration { return time.Second }

// Unexported helpers cannot be called from other packages: no fact.
func options() []retry.Option { return []retry.Option{retry.Attempts(4)} }

var _ = options
