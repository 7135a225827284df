package a

import (
	"context"
	"time"

	"github.com/sethvargo/go-retry"
	"google.golang.org/grpc/health/grpc_health_v1"

	"example.com/nodeadlinetest/b"
)

// A context handed to a retry helper reaches the attempt's calls.
func handedOn(c grpc_health_v1.HealthClient) {
	b.ProbeAttempts(context.Background(), c) // want `context.Background\(\) reaches a gRPC call via b.ProbeAttempts -> HealthClient.Check with no deadline`
	b.ProbeLib(context.Background(), c)      // want `context.Background\(\) reaches a gRPC call via b.ProbeLib -> HealthClient.Check with no deadline`
	b.ProbeAttemptsBounded(context.Background(), c)
}

// The attempt's context is the one sethvargo's Do is given.
func handedToLib(c grpc_health_v1.HealthClient) error {
	bo := retry.WithMaxRetries(3, retry.WithJitter(time.Second, retry.NewConstant(time.Second)))
	return retry.Do(context.Background(), bo, func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline: every attempt of retry.Do can wait forever`
		return err
	})
}

// Twins: a deadline on the context given, and a literal used twice,
// whose context may come from either use.
func handedToLibBounded(c grpc_health_v1.HealthClient) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bo := retry.WithMaxRetries(3, retry.WithJitter(time.Second, retry.NewConstant(time.Second)))
	return retry.Do(ctx, bo, func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	})
}

func handedKept(c grpc_health_v1.HealthClient, run func(func(context.Context) error) error) error {
	attempt := func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	}
	if err := run(attempt); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return attempt(ctx)
}

// A retry helper of another package hands the attempt the context it is
// given (its HandsFact).
func handedAcross(c grpc_health_v1.HealthClient) error {
	return b.WithAttempts(context.Background(), 3, func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline: every attempt of b.WithAttempts can wait forever`
		return err
	})
}

// Twin: the helper gives every attempt a deadline.
func handedAcrossBounded(c grpc_health_v1.HealthClient) error {
	return b.WithAttemptTimeouts(context.Background(), 3, func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	})
}

// The same through a helper of another package that calls the attempt
// inside backoff.Retry's operation.
func handedAcrossClosure(c grpc_health_v1.HealthClient) error {
	return b.BoRetry(context.Background(), func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline: every attempt of b.BoRetry can wait forever`
		return err
	})
}

func handedAcrossClosureBounded(c grpc_health_v1.HealthClient) error {
	return b.BoRetryPerAttempt(context.Background(), func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	})
}

// The same through a helper of another package that hands the attempt
// on to a generic helper of its own inside a closure.
func handedAcrossAdapter(c grpc_health_v1.HealthClient) error {
	return b.RetryErr(context.Background(), func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline: every attempt of b.RetryErr can wait forever`
		return err
	})
}

func handedAcrossAdapterBounded(c grpc_health_v1.HealthClient) error {
	return b.RetryErrPerAttempt(context.Background(), func(ctx context.Context) error {
		_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
		return err
	})
}
