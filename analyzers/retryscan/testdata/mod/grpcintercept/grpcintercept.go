// Package grpcintercept dials with go-grpc-middleware's retry
// interceptor: WithMax(5) makes every unary call on the channel up to 5
// attempts, so a loop around such a call is a second layer.
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
		grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(5))))
}

func check(ctx context.Context, target string) error { // want `retrier\(3x5 via retry loop -> HealthClient.Check\)`
	conn, err := dial(target)
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil { // want `site client "HealthClient.Check" 5 attempts ctx`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twin: the call turns the interceptor's retries off, so only the
// loop retries.
func checkOnce(ctx context.Context, target string) error { // want `retrier\(3 via retry loop\)`
	conn, err := dial(target)
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Check(ctx, &healthpb.HealthCheckRequest{}, retry.Disable()); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A client from a parameter may be on any channel: not counted.
func checkGiven(ctx context.Context, c healthpb.HealthClient) error {
	_, err := c.Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}
