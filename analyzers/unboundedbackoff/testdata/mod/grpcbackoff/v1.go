package grpcbackoff

// go-grpc-middleware v1's retry interceptor (package grpc_retry): the
// same BackoffFuncs as v2's, of the attempt alone, and no bounded one.

import (
	"context"
	"time"

	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

func dialV1(target string, opts ...grpc_retry.CallOption) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(opts...)))
}

// BackoffExponential doubles the wait with no jitter.
func dialV1Exp(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(6),
			grpc_retry.WithBackoff(grpc_retry.BackoffExponential(100*time.Millisecond)))))
}

func checkV1(ctx context.Context, target string) error {
	conn, err := dialV1Exp(target)
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{}) // want `waits a growing delay with no jitter \(grpc_retry.BackoffExponential\(100 \* time.Millisecond\)\): clients that failed together retry together; use grpc_retry.BackoffExponentialWithJitter or grpc_retry.BackoffLinearWithJitter`
	return err
}

// Twelve attempts of a jittered doubling with no cap: the last wait is
// 100ms x 2^10, over a minute.
func dialV1Long(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(12),
			grpc_retry.WithBackoff(grpc_retry.BackoffExponentialWithJitter(100*time.Millisecond, 0.2)))))
}

func checkV1Long(ctx context.Context, target string) error {
	conn, err := dialV1Long(target)
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{}) // want `HealthClient.Check backs off exponentially with no cap: after 11 failures it waits 1m42s; cap the wait in a BackoffFunc of your own \(v1 has no bounded one\)`
	return err
}

// The twins.

// The jittered one, six attempts: the last wait is 1.6s.
func dialV1Jittered(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(6),
			grpc_retry.WithBackoff(grpc_retry.BackoffExponentialWithJitter(100*time.Millisecond, 0.2)))))
}

func checkV1Jittered(ctx context.Context, target string) error {
	conn, err := dialV1Jittered(target)
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}

// WithBackoffContext with a function written here: not read, nothing is
// said (the default wait no longer applies).
func checkV1Context(ctx context.Context, target string) error {
	conn, err := dialV1(target, grpc_retry.WithMax(6), grpc_retry.WithBackoffContext(func(ctx context.Context, attempt uint) time.Duration {
		return time.Duration(attempt) * time.Second
	}))
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}
