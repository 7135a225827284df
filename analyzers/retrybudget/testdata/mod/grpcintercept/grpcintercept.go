// Package grpcintercept retries through go-grpc-middleware's retry
// interceptor, with no per-attempt timeout, under a deadline: the
// attempts share the call's context, so one hung attempt uses it all,
// and the fix is the interceptor's own per-attempt timeout.
package grpcintercept

import (
	"context"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

func dial(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(4))))
}

func check(ctx context.Context, target string) error {
	conn, err := dial(target)
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = c.Check(ctx, &healthpb.HealthCheckRequest{}) // want `retry's attempts have no timeout of their own under a 2s deadline: a first attempt that hangs uses the whole budget and no retry runs; give each attempt a timeout of its own with the retry interceptor's retry.WithPerRetryTimeout under 463ms \(the budget less the waits, over 4 attempts\)`
	return err
}

// The twin: a call that turns the interceptor's retries off makes one
// attempt, which the deadline bounds.
func checkOnce(ctx context.Context, target string) error {
	conn, err := dial(target)
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = c.Check(ctx, &healthpb.HealthCheckRequest{}, retry.Disable())
	return err
}

// The interceptor given a wait of its own (100ms, 200ms, 400ms before
// the second to fourth attempts) is judged the same way: the waits are
// read from the catalogued BackoffFunc.
func dialBackoff(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(4),
			retry.WithBackoff(retry.BackoffExponentialWithJitter(100*time.Millisecond, 0.1)))))
}

func checkBackoff(ctx context.Context, target string) error {
	conn, err := dialBackoff(target)
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = c.Check(ctx, &healthpb.HealthCheckRequest{}) // want `retry's attempts have no timeout of their own under a 2s deadline: .* retry.WithPerRetryTimeout under 325ms \(the budget less the waits, over 4 attempts\)`
	return err
}

// The twin waits with a BackoffFunc written here: how long it waits is
// not read, and the retry is not judged.
func dialOwnBackoff(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(4),
			retry.WithBackoff(func(_ context.Context, attempt uint) time.Duration { return time.Duration(attempt) * time.Second }))))
}

func checkOwnBackoff(ctx context.Context, target string) error {
	conn, err := dialOwnBackoff(target)
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = c.Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}
