// Package grpcbackoff retries through go-grpc-middleware's retry
// interceptor, whose wait is the BackoffFunc handed to WithBackoff.
package grpcbackoff

import (
	"context"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

func dial(target string, bo retry.BackoffFunc) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(6), retry.WithBackoff(bo))))
}

// BackoffExponential doubles the wait with no jitter: 6 attempts of
// every client that failed together come back together.
func dialExp(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(6),
			retry.WithBackoff(retry.BackoffExponential(100*time.Millisecond)))))
}

func check(ctx context.Context, target string) error {
	conn, err := dialExp(target)
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{}) // want `waits a growing delay with no jitter \(retry.BackoffExponential\(100 \* time.Millisecond\)\): clients that failed together retry together; use retry.BackoffExponentialWithJitter or retry.BackoffLinearWithJitter`
	return err
}

// The twin's wait is jittered.
func dialJittered(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(6),
			retry.WithBackoff(retry.BackoffExponentialWithJitter(100*time.Millisecond, 0.2)))))
}

func checkJittered(ctx context.Context, target string) error {
	conn, err := dialJittered(target)
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}

// A BackoffFunc that comes from a parameter is not read: nothing is said.
func checkGiven(ctx context.Context, target string, bo retry.BackoffFunc) error {
	conn, err := dial(target, bo)
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}
