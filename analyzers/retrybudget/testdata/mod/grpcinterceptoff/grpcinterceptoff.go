// Package grpcinterceptoff installs the retry interceptor with its
// default options: WithMax(0), one attempt per call, no retry to budget.
package grpcinterceptoff

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
		grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithCodes())))
}

func check(ctx context.Context, target string) error {
	conn, err := dial(target)
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = c.Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}
