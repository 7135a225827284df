package a

import (
	"context"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/sethvargo/go-retry"
	"google.golang.org/grpc/health/grpc_health_v1"
)

// Retry helpers that call the attempt inside a closure a retry library
// runs: the attempt's context is the one the helper is given.

func boRetry(ctx context.Context, fn func(context.Context) error) error {
	return backoff.Retry(func() error { return fn(ctx) }, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func rgRetry(ctx context.Context, fn func(context.Context) error) error {
	return retrygo.Do(func() error { return fn(ctx) }, retrygo.Context(ctx), retrygo.Attempts(3))
}

func v5Retry(ctx context.Context, fn func(context.Context) (*grpc_health_v1.HealthCheckResponse, error)) (*grpc_health_v1.HealthCheckResponse, error) {
	return backoff5.Retry(ctx, func() (*grpc_health_v1.HealthCheckResponse, error) { return fn(ctx) }, backoff5.WithMaxTries(3))
}

// sethvargo's Do hands the closure the helper's context as it is.
func svRetry(ctx context.Context, fn func(context.Context) error) error {
	b := retry.WithMaxRetries(3, retry.NewExponential(time.Second))
	return retry.Do(ctx, b, func(ctx context.Context) error { return fn(ctx) })
}

func closureHelpers(c grpc_health_v1.HealthClient, q *sqs.Client) {
	_ = boRetry(context.TODO(), func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // want `context.TODO\(\) reaches c.Check \(a gRPC call\) with no deadline: every attempt of boRetry can wait forever`
		return err
	})
	_ = boRetry(context.Background(), func(ctx context.Context) error {
		_, err := q.SendMessage(ctx, &sqs.SendMessageInput{}) // want `context.Background\(\) reaches q.SendMessage \(an AWS call\) with no deadline`
		return err
	})
	_ = rgRetry(context.Background(), func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline: every attempt of rgRetry can wait forever`
		return err
	})
	_, _ = v5Retry(context.Background(), func(ctx context.Context) (*grpc_health_v1.HealthCheckResponse, error) {
		return c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline`
	})
	_ = svRetry(context.Background(), func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline`
		return err
	})
}

// Twins. The caller's context has a deadline.
func closureHelpersBounded(c grpc_health_v1.HealthClient) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_ = boRetry(ctx, func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	})
	_ = rgRetry(ctx, func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	})
}

// The helper gives each attempt a deadline inside the closure.
func boRetryPerAttempt(ctx context.Context, fn func(context.Context) error) error {
	return backoff.Retry(func() error {
		actx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		return fn(actx)
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// The closure is kept in a field, run later by whoever holds the task:
// not followed.
type task struct{ op func() error }

func newTask(ctx context.Context, fn func(context.Context) error) *task {
	return &task{op: func() error { return fn(ctx) }}
}

// The closure is handed to code that is not a retry library, which may
// keep it or run it with a context of its own.
type runner interface {
	Run(op func(context.Context) error) error
	Submit(op func() error) error
}

func viaRunner(ctx context.Context, r runner, fn func(context.Context) error) error {
	return r.Run(func(rctx context.Context) error { return fn(rctx) })
}

func submitted(ctx context.Context, r runner, fn func(context.Context) error) error {
	return r.Submit(func() error { return fn(ctx) })
}

func closureHelpersQuiet(c grpc_health_v1.HealthClient, r runner) {
	_ = boRetryPerAttempt(context.Background(), func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	})
	t := newTask(context.Background(), func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	})
	_ = backoff.Retry(t.op, backoff.NewExponentialBackOff())
	_ = viaRunner(context.Background(), r, func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	})
	_ = submitted(context.Background(), r, func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	})
}
