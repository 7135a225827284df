package b

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/sethvargo/go-retry"
	"google.golang.org/grpc/health/grpc_health_v1"
)

// withAttempts is a retry helper: it calls the attempt with the context
// it is given.
func withAttempts(ctx context.Context, n int, attempt func(context.Context) error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = attempt(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// withAttemptTimeouts gives every attempt a deadline of its own.
func withAttemptTimeouts(ctx context.Context, n int, attempt func(context.Context) error) error {
	var err error
	for i := 0; i < n; i++ {
		actx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err = attempt(actx)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// ProbeAttempts's context reaches the gRPC call as the attempt's context.
func ProbeAttempts(ctx context.Context, c grpc_health_v1.HealthClient) error { // want ProbeAttempts:`reaches\(param 0 via HealthClient.Check, retried\)`
	return withAttempts(ctx, 3, func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	})
}

// Twin: every attempt has a deadline, whatever the caller's context.
func ProbeAttemptsBounded(ctx context.Context, c grpc_health_v1.HealthClient) error {
	return withAttemptTimeouts(ctx, 3, func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	})
}

// ProbeLib: sethvargo's Do hands the attempt the context it is given.
func ProbeLib(ctx context.Context, c grpc_health_v1.HealthClient) error { // want ProbeLib:`reaches\(param 0 via HealthClient.Check, retried\)`
	b := retry.WithMaxRetries(3, retry.WithJitter(time.Second, retry.NewConstant(time.Second)))
	return retry.Do(ctx, b, func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	})
}

// WithAttempts is the helper for importers: it hands the attempt its
// context as it is.
func WithAttempts(ctx context.Context, n int, attempt func(context.Context) error) error { // want WithAttempts:`hands\(param 2 arg 0 <- param 0\)`
	return withAttempts(ctx, n, attempt)
}

// WithAttemptTimeouts gives each attempt a deadline: no fact.
func WithAttemptTimeouts(ctx context.Context, n int, attempt func(context.Context) error) error {
	return withAttemptTimeouts(ctx, n, attempt)
}

// BoRetry calls the attempt inside the operation backoff.Retry runs,
// with the context it is given: a fact, as for WithAttempts.
func BoRetry(ctx context.Context, attempt func(context.Context) error) error { // want BoRetry:`hands\(param 1 arg 0 <- param 0\)`
	return backoff.Retry(func() error { return attempt(ctx) }, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// BoRetryPerAttempt gives each attempt a deadline inside the operation:
// no fact.
func BoRetryPerAttempt(ctx context.Context, attempt func(context.Context) error) error {
	return backoff.Retry(func() error {
		actx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		return attempt(actx)
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// RetryValue is a generic helper that calls the attempt with the context
// it is given: a fact on the generic function.
func RetryValue[T any](ctx context.Context, attempt func(context.Context) (T, error)) (T, error) { // want RetryValue:`hands\(param 1 arg 0 <- param 0\)`
	var v T
	var err error
	for range 3 {
		if v, err = attempt(ctx); err == nil {
			return v, nil
		}
	}
	return v, err
}

// RetryErr hands the attempt to RetryValue inside a closure that calls
// it with the context RetryValue gives: a fact, as for RetryValue.
func RetryErr(ctx context.Context, attempt func(context.Context) error) error { // want RetryErr:`hands\(param 1 arg 0 <- param 0\)`
	_, err := RetryValue(ctx, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, attempt(ctx)
	})
	return err
}

// RetryErrPerAttempt gives each attempt a deadline in its closure: no
// fact.
func RetryErrPerAttempt(ctx context.Context, attempt func(context.Context) error) error {
	_, err := RetryValue(ctx, func(ctx context.Context) (struct{}, error) {
		actx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		return struct{}{}, attempt(actx)
	})
	return err
}
