// Package grpcintercept dials with a retry interceptor written by hand:
// every unary call on the channel makes up to 3 attempts, so a loop
// around one is a second layer. An interceptor that only logs adds none.
package grpcintercept

import (
	"context"
	"log"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
)

var creds = grpc.WithTransportCredentials(insecure.NewCredentials())

func retryUnavailable(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = invoker(ctx, method, req, reply, cc, opts...); status.Code(err) != codes.Unavailable {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func logCalls(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	err := invoker(ctx, method, req, reply, cc, opts...)
	log.Printf("%s: %v", method, err)
	return err
}

func ready(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, creds, grpc.WithUnaryInterceptor(retryUnavailable))
	if err != nil {
		return err
	}
	defer conn.Close()
	hc := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps HealthClient.Check \(3 attempts\), which retries again: up to 9 calls per call of ready \(3x3 via HealthClient.Check\); retry in one layer only`
		if _, err = hc.Check(ctx, &healthpb.HealthCheckRequest{}); status.Code(err) != codes.Unavailable {
			return err
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

func readyChained(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, creds, grpc.WithChainUnaryInterceptor(logCalls, retryUnavailable))
	if err != nil {
		return err
	}
	defer conn.Close()
	hc := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps HealthClient.Check \(3 attempts\), which retries again: up to 9 calls per call of readyChained \(3x3 via HealthClient.Check\); retry in one layer only`
		if _, err = hc.Check(ctx, &healthpb.HealthCheckRequest{}); status.Code(err) != codes.Unavailable {
			return err
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

// The twins: a channel whose interceptor logs, and one with none.
func readyLogged(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, creds, grpc.WithChainUnaryInterceptor(logCalls))
	if err != nil {
		return err
	}
	defer conn.Close()
	hc := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ {
		if _, err = hc.Check(ctx, &healthpb.HealthCheckRequest{}); status.Code(err) != codes.Unavailable {
			return err
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}

func readyPlain(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, creds)
	if err != nil {
		return err
	}
	defer conn.Close()
	hc := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ {
		if _, err = hc.Check(ctx, &healthpb.HealthCheckRequest{}); status.Code(err) != codes.Unavailable {
			return err
		}
		time.Sleep(200 * time.Millisecond)
	}
	return err
}
