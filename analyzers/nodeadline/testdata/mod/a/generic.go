package a

import (
	"context"
	"time"

	"example.com/nodeadlinetest/b"
	"google.golang.org/grpc/health/grpc_health_v1"
)

// A generic retry helper: the call goes to an instance of it, which runs
// the generic body; the attempt's context is the one the helper is given.
func retryValue[T any](ctx context.Context, n int, fn func(context.Context) (T, error)) (T, error) {
	var v T
	var err error
	for range n {
		if v, err = fn(ctx); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return v, err
}

func genericHelper(c grpc_health_v1.HealthClient) error {
	_, err := retryValue(context.Background(), 3, func(ctx context.Context) (*grpc_health_v1.HealthCheckResponse, error) {
		return c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline: every attempt of retryValue can wait forever`
	})
	return err
}

func genericHelperDeadline(c grpc_health_v1.HealthClient) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err := retryValue(ctx, 3, func(ctx context.Context) (*grpc_health_v1.HealthCheckResponse, error) {
		return c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // ok: the caller's deadline
	})
	return err
}

// The same through a generic helper of another package (its fact).
func genericAcross(c grpc_health_v1.HealthClient) error {
	_, err := b.RetryValue(context.Background(), func(ctx context.Context) (*grpc_health_v1.HealthCheckResponse, error) {
		return c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline: every attempt of b.RetryValue can wait forever`
	})
	return err
}
