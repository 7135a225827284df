// Package svc uses the policies retrycfg builds: the findings are at the
// use, the configuration read from retrycfg's facts.
package svc

import (
	"example.com/unboundedbackofftest/remote"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"

	"example.com/unboundedbackofftest/confighelp/retrycfg"
)

func op() error { return remote.Call() }

func Fetch() error {
	return backoff.Retry(op, backoff.WithMaxRetries(retrycfg.NewBackoff(), 5)) // want `backoff.Retry waits a growing delay with no jitter \(retrycfg.NewBackoff\(\)\)`
}

// Options' BackOffDelay waits retry-go's 100ms doubling, with no jitter
// and no cap, read through retrycfg's fact.
func Send() error {
	return retry.Do(op, retrycfg.Options()...) // want `retry.Do backs off exponentially with no cap: after 19 failures it waits 7h17m0s; add retry.MaxDelay\(d\)` `retry.Do waits a growing delay with no jitter \(retrycfg.Options\(\)\)`
}

// Twin: the jitter is the caller's.
func FetchJittered(j float64) error {
	return backoff.Retry(op, backoff.WithMaxRetries(retrycfg.Backoff(j), 5))
}

// Twin: the fixed delay is replaced by a delay function retrycfg could
// not read: the delay is unknown.
func SendCustom() error {
	return retry.Do(op, append([]retry.Option{retry.DelayType(retry.FixedDelay)}, retrycfg.Custom()...)...)
}

// Twin: a package variable changed here: not followed.
func init() { retrycfg.Default.RandomizationFactor = 0 }

func FetchDefault() error {
	return backoff.Retry(op, backoff.WithMaxRetries(retrycfg.Policy(), 5))
}

func FetchVar() error {
	return backoff.Retry(op, backoff.WithMaxRetries(retrycfg.Default, 5))
}
