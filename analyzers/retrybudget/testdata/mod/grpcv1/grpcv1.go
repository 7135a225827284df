// Package grpcv1 is grpcintercept with go-grpc-middleware v1's retry
// interceptor (package grpc_retry): the same loop and default wait
// (50ms), read from the same catalog rows. Its per-attempt timeout is
// grpcv1pertry's.
package grpcv1

import (
	"context"
	"time"

	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

func check(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(4))))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{}) // want `retry's attempts have no timeout of their own under a 2s deadline: a first attempt that hangs uses the whole budget and no retry runs; give each attempt a timeout of its own with the retry interceptor's retry.WithPerRetryTimeout under 463ms \(the budget less the waits, over 4 attempts\)`
	return err
}

// The waits of v1's BackoffExponentialWithJitter (100ms, 200ms, 400ms).
func checkBackoff(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(4),
			grpc_retry.WithBackoff(grpc_retry.BackoffExponentialWithJitter(100*time.Millisecond, 0.1)))))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{}) // want `retry's attempts have no timeout of their own under a 2s deadline: .* retry.WithPerRetryTimeout under 325ms \(the budget less the waits, over 4 attempts\)`
	return err
}

// The twins.

// The call turns the retries off: one attempt.
func checkDisabled(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(4))))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{}, grpc_retry.Disable())
	return err
}

// v1's default max, 0: one attempt.
func checkDefault(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor()))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}

// A wait of WithBackoffContext written here is not read, and the
// retry is not judged (the default 50ms no longer applies).
func checkContextBackoff(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(4),
			grpc_retry.WithBackoffContext(func(_ context.Context, attempt uint) time.Duration { return time.Duration(attempt) * time.Second }))))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}
