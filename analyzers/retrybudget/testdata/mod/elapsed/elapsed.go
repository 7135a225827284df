// Package elapsed holds retries bounded by an elapsed-time limit, not by
// a count of attempts, under a deadline: each limit longer than the
// deadline beside a twin that fits.
package elapsed

import (
	"context"
	"errors"
	"time"

	backoff4 "github.com/cenkalti/backoff/v4"
	backoff "github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

func call(ctx context.Context) error { return errors.New("x") }

// v5: two minutes of retrying promised inside a 5s deadline.
func v5Limit(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, err := backoff.Retry(ctx, func() (int, error) { // want `retry has no attempt limit and runs until backoff.WithMaxElapsedTime of 2m0s, but its context has a 5s deadline: the limit never applies, the deadline ends the retry and the caller gets the context's error, not the last attempt's; set the limit under 5s`
		actx, c := context.WithTimeout(ctx, time.Second)
		defer c()
		return 0, call(actx)
	}, backoff.WithMaxElapsedTime(2*time.Minute))
	return err
}

// The twin: a limit within the deadline.
func v5LimitFits(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, err := backoff.Retry(ctx, func() (int, error) {
		actx, c := context.WithTimeout(ctx, time.Second)
		defer c()
		return 0, call(actx)
	}, backoff.WithMaxElapsedTime(4*time.Second))
	return err
}

// v4: MaxElapsedTime on the ExponentialBackOff.
func v4Limit(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	b := backoff4.NewExponentialBackOff()
	b.MaxElapsedTime = 2 * time.Minute
	return backoff4.Retry(func() error { // want `retry has no attempt limit and runs until MaxElapsedTime of 2m0s, but its context has a 5s deadline`
		actx, c := context.WithTimeout(ctx, time.Second)
		defer c()
		return call(actx)
	}, backoff4.WithContext(b, ctx))
}

// The twin: the limit fits.
func v4LimitFits(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	b := backoff4.NewExponentialBackOff()
	b.MaxElapsedTime = 3 * time.Second
	return backoff4.Retry(func() error {
		actx, c := context.WithTimeout(ctx, time.Second)
		defer c()
		return call(actx)
	}, backoff4.WithContext(b, ctx))
}

// failsafe-go: retries forever within WithMaxDuration.
func failsafeLimit(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(-1).WithMaxDuration(time.Minute).Build()
	return failsafe.With[any](rp).WithContext(ctx).Run(func() error { // want `retry has no attempt limit and runs until retrypolicy.WithMaxDuration of 1m0s, but its context has a 5s deadline`
		actx, c := context.WithTimeout(ctx, time.Second)
		defer c()
		return call(actx)
	})
}

// The twin: the attempt count bounds the retry, not the duration.
func failsafeCounted(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(1).WithMaxDuration(time.Minute).Build()
	return failsafe.With[any](rp).WithContext(ctx).Run(func() error {
		actx, c := context.WithTimeout(ctx, time.Second)
		defer c()
		return call(actx)
	})
}

// The default limit is the library's, not a promise the code makes.
func v5Default(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, err := backoff.Retry(ctx, func() (int, error) {
		actx, c := context.WithTimeout(ctx, time.Second)
		defer c()
		return 0, call(actx)
	})
	return err
}

// A limit whose value is not a constant stays unknown.
func v5Param(ctx context.Context, limit time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, err := backoff.Retry(ctx, func() (int, error) {
		actx, c := context.WithTimeout(ctx, time.Second)
		defer c()
		return 0, call(actx)
	}, backoff.WithMaxElapsedTime(limit))
	return err
}

// A retry on the caller's context, summarized for its callers.
func retryOn(ctx context.Context) error { // want retryOn:`budget\(ctx 0, backoff.Retry until backoff.WithMaxElapsedTime of 1m0s\)`
	_, err := backoff.Retry(ctx, func() (int, error) {
		actx, c := context.WithTimeout(ctx, time.Second)
		defer c()
		return 0, call(actx)
	}, backoff.WithMaxElapsedTime(time.Minute))
	return err
}

// The caller's deadline is shorter than the limit.
func callerShort(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return retryOn(ctx) // want `retryOn's retry \(backoff.Retry\) has no attempt limit and runs until backoff.WithMaxElapsedTime of 1m0s, but its context has a 10s deadline: .*; set the limit under 10s`
}

// The twin: a caller whose deadline is longer than the limit.
func callerLong(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	return retryOn(ctx)
}

// v4 without WithContext does not stop on the deadline: its attempts
// fail fast on the expired context until the limit, which is another
// defect than a limit the deadline overrides.
func v4NoContext(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	b := backoff4.NewExponentialBackOff()
	b.MaxElapsedTime = 2 * time.Minute
	return backoff4.Retry(func() error {
		actx, c := context.WithTimeout(ctx, time.Second)
		defer c()
		return call(actx)
	}, b)
}

// v5 options from a parameter may set a count: unknown, quiet.
func v5Opts(ctx context.Context, opts ...backoff.RetryOption) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, err := backoff.Retry(ctx, func() (int, error) {
		actx, c := context.WithTimeout(ctx, time.Second)
		defer c()
		return 0, call(actx)
	}, append(opts, backoff.WithMaxElapsedTime(2*time.Minute))...)
	return err
}
