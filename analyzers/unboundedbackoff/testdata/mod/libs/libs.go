// Package libs holds retry library configurations, one per row of the
// decision table, with the capped and jittered look-alikes.
package libs

import (
	"context"
	"example.com/unboundedbackofftest/remote"
	"net/http"
	"time"

	rican7 "github.com/Rican7/retry"
	"github.com/Rican7/retry/backoff"
	"github.com/Rican7/retry/jitter"
	"github.com/Rican7/retry/strategy"
	avast "github.com/avast/retry-go/v4"
	cenkalti "github.com/cenkalti/backoff/v4"
	cenkalti5 "github.com/cenkalti/backoff/v5"
	"github.com/eapache/go-resiliency/retrier"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/hashicorp/go-retryablehttp"
	sethvargo "github.com/sethvargo/go-retry"
	"k8s.io/apimachinery/pkg/util/wait"
)

func op() error { return remote.Call() }

// --- avast/retry-go ---

func avastDefault() error {
	return avast.Do(op) // ok: 10 attempts, the longest wait is 25.6s
}

func avastTwenty() error {
	return avast.Do(op, avast.Attempts(20)) // want `retry.Do backs off exponentially with no cap: after 19 failures it waits 7h17m0s; add retry.MaxDelay\(d\)`
}

func avastCapped() error {
	return avast.Do(op, avast.Attempts(20), avast.MaxDelay(10*time.Second))
}

func avastForever() error {
	return avast.Do(op, avast.Attempts(0)) // want `retry.Do has no attempt limit, no elapsed-time limit and no cancellation \(avast.Attempts\(0\)\): it retries forever` `retry.Do backs off exponentially with no cap: after 11 failures it waits 1m42s and keeps growing`
}

func avastFixed(ctx context.Context) error {
	return avast.Do(op, avast.Context(ctx), avast.DelayType(avast.FixedDelay)) // want `retry.Do waits a fixed delay with no jitter \(avast.FixedDelay\): clients that failed together retry together; use the default delay type`
}

func avastBackOff() error {
	return avast.Do(op, avast.DelayType(avast.BackOffDelay)) // want `retry.Do waits a growing delay with no jitter`
}

func avastCombined() error {
	return avast.Do(op, avast.DelayType(avast.CombineDelay(avast.BackOffDelay, avast.RandomDelay)))
}

func avastCustom(f avast.DelayTypeFunc) error {
	return avast.Do(op, avast.Attempts(30), avast.DelayType(f)) // ok: a delay func the analyzer cannot read
}

// --- sethvargo/go-retry ---

func sethExponential(ctx context.Context) error {
	return sethvargo.Do(ctx, sethvargo.NewExponential(time.Second), func(context.Context) error { // want `retry.Do backs off exponentially with no cap: after 7 failures it waits 1m4s and keeps growing; wrap the backoff in retry.WithCappedDuration` `retry.Do waits a growing delay with no jitter`
		return sethvargo.RetryableError(op())
	})
}

func sethConstantForever() error {
	b := sethvargo.NewConstant(time.Second)
	return sethvargo.Do(context.Background(), b, func(context.Context) error { // want `retry.Do has no attempt limit` `retry.Do waits a fixed delay with no jitter`
		return sethvargo.RetryableError(op())
	})
}

func sethGood(ctx context.Context) error {
	b := sethvargo.NewExponential(time.Second)
	b = sethvargo.WithMaxRetries(5, b)
	b = sethvargo.WithCappedDuration(10*time.Second, b)
	b = sethvargo.WithJitterPercent(10, b)
	return sethvargo.Do(ctx, b, func(context.Context) error { return sethvargo.RetryableError(op()) })
}

func sethShort(ctx context.Context) error {
	// 4 attempts: the waits are 100ms, 200ms, 400ms.
	return sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewExponential(100*time.Millisecond)), func(context.Context) error { // want `retry.Do waits a growing delay with no jitter`
		return sethvargo.RetryableError(op())
	})
}

// sethShort's twin whose operation wraps no error in RetryableError:
// go-retry stops on the first error, so it never waits.
func sethOnce(ctx context.Context) error {
	return sethvargo.Do(ctx, sethvargo.WithMaxRetries(3, sethvargo.NewExponential(100*time.Millisecond)), func(context.Context) error {
		return op()
	})
}

// --- apimachinery wait.Backoff ---

func waitUncapped() error {
	return wait.ExponentialBackoff(wait.Backoff{Duration: time.Second, Factor: 2, Steps: 12}, func() (bool, error) { // want `wait.ExponentialBackoff backs off exponentially with no cap: after 11 failures it waits 17m4s; set Cap` `wait.ExponentialBackoff waits a growing delay with no jitter`
		return op() == nil, nil
	})
}

func waitGood() error {
	b := wait.Backoff{Duration: 10 * time.Millisecond, Factor: 2, Jitter: 0.1, Steps: 12, Cap: time.Second}
	return wait.ExponentialBackoff(b, func() (bool, error) { return op() == nil, nil })
}

// --- cenkalti/backoff ---

func cenkaltiNoJitter() error {
	b := cenkalti.NewExponentialBackOff()
	b.RandomizationFactor = 0
	return cenkalti.Retry(op, b) // want `backoff.Retry waits a growing delay with no jitter \(b.RandomizationFactor = 0\)`
}

func cenkaltiOption() error {
	return cenkalti.Retry(op, cenkalti.NewExponentialBackOff(cenkalti.WithRandomizationFactor(0))) // want `backoff.Retry waits a growing delay with no jitter \(cenkalti.WithRandomizationFactor\(0\)\)`
}

func cenkaltiConstant() error {
	return cenkalti.Retry(op, cenkalti.NewConstantBackOff(time.Second)) // want `backoff.Retry has no attempt limit` `backoff.Retry waits a fixed delay with no jitter \(cenkalti.NewConstantBackOff\(time.Second\)\)`
}

func cenkaltiConstantLimited() error {
	return cenkalti.Retry(op, cenkalti.WithMaxRetries(cenkalti.NewConstantBackOff(time.Second), 9)) // want `backoff.Retry waits a fixed delay with no jitter`
}

func cenkaltiDefault() error {
	return cenkalti.Retry(op, cenkalti.NewExponentialBackOff()) // ok: capped at 60s, ±50% jitter, 15 minutes
}

func cenkaltiFromCaller(b cenkalti.BackOff) error {
	return cenkalti.Retry(op, b) // ok: built where it cannot be seen
}

func cenkalti5Constant(ctx context.Context) (int, error) {
	return cenkalti5.Retry(ctx, func() (int, error) { return 0, op() }, cenkalti5.WithBackOff(cenkalti5.NewConstantBackOff(time.Second))) // want `backoff.Retry waits a fixed delay with no jitter`
}

func cenkalti5Default(ctx context.Context) (int, error) {
	return cenkalti5.Retry(ctx, func() (int, error) { return 0, op() })
}

// --- hashicorp/go-retryablehttp ---

func retryablehttpDefaultBackoff(req *retryablehttp.Request) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.DefaultBackoff
	return c.Do(req) // want `retryablehttp.Client.Do waits a growing delay with no jitter \(retryablehttp.DefaultBackoff\)`
}

func retryablehttpUnset(req *retryablehttp.Request) (*http.Response, error) {
	c := retryablehttp.NewClient()
	return c.Do(req) // ok: the default is reported only when chosen explicitly
}

// A client handed in: its Backoff, RetryMax and waits are its
// builder's, so there is nothing to report here.
func retryablehttpGiven(c *retryablehttp.Client, req *retryablehttp.Request) (*http.Response, error) {
	return c.Do(req) // ok: the configuration is out of sight
}

func retryablehttpJitter(req *retryablehttp.Request) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.LinearJitterBackoff
	return c.Do(req)
}

// --- failsafe-go ---

// The policy's default count, 3 attempts, with a fixed 1s: a short fixed
// retry, quiet.
func failsafeDelay() error {
	rp := retrypolicy.NewBuilder[any]().WithDelay(time.Second).Build()
	return failsafe.With[any](rp).Run(op)
}

// The policy built over several lines, as gofmt lays out a long chain:
// the message names it on one line.
var reconnectPolicy = retrypolicy.NewBuilder[any]().
	WithMaxRetries(5).
	WithDelay(time.Second).
	Build()

func failsafeChain() error {
	return failsafe.With[any](reconnectPolicy).Run(op) // want `failsafe.Run waits a fixed delay with no jitter \(retrypolicy.NewBuilder\[any\]\(\)...WithDelay\(time.Second\)\)`
}

func failsafeJitter() error {
	rp := retrypolicy.NewBuilder[any]().WithBackoff(time.Second, 30*time.Second).WithJitter(100 * time.Millisecond).Build()
	return failsafe.With[any](rp).Run(op)
}

// --- eapache/go-resiliency ---

func eapacheExponential() error {
	return retrier.New(retrier.ExponentialBackoff(12, time.Second), nil).Run(op) // want `retrier.Run backs off exponentially with no cap: after 12 failures it waits 34m8s; use LimitedExponentialBackoff` `retrier.Run waits a growing delay with no jitter`
}

func eapacheGood() error {
	r := retrier.New(retrier.LimitedExponentialBackoff(12, time.Second, 10*time.Second), nil)
	r.SetJitter(0.25)
	return r.Run(op)
}

// --- Rican7/retry ---

func rican7Backoff() error {
	return rican7.Retry(func(uint) error { return op() }, strategy.Backoff(backoff.BinaryExponential(10*time.Millisecond))) // want `retry.Retry has no attempt limit` `retry.Retry backs off exponentially with no cap: after 13 failures it waits 1m22s and keeps growing` `retry.Retry waits a growing delay with no jitter`
}

func rican7Good() error {
	return rican7.Retry(func(uint) error { return op() }, strategy.Limit(5), strategy.BackoffWithJitter(backoff.BinaryExponential(10*time.Millisecond), jitter.Full(nil)))
}

// Exponential(500ms, 2) waits 500ms x 2^n before attempt n: the ninth
// attempt waits 128s, over -max-wait.
func rican7LimitedLong() error {
	return rican7.Retry(func(uint) error { return op() }, strategy.Limit(9), strategy.BackoffWithJitter(backoff.Exponential(500*time.Millisecond, 2), jitter.Full(nil))) // want `retry.Retry backs off exponentially with no cap: after 8 failures it waits 2m8s`
}

// Twin: five attempts wait at most 8s.
func rican7LimitedShort() error {
	return rican7.Retry(func(uint) error { return op() }, strategy.Limit(5), strategy.BackoffWithJitter(backoff.Exponential(500*time.Millisecond, 2), jitter.Full(nil)))
}
