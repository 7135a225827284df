// Package grpchandmade retries through a unary interceptor written by
// hand whose attempts share the call's context: a deadline around a call
// on its channel bounds them all at once, and the fix is a timeout per
// attempt in the interceptor.
package grpchandmade

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
)

var creds = grpc.WithTransportCredentials(insecure.NewCredentials())

func retryUnavailable(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error { // want retryUnavailable:`budget\(ctx 0, retry loop \? \+ 100ms \+ \? \+ 100ms \+ \? \+ 100ms \+ \? >= 300ms\)`
	var err error
	for i := 0; i < 4; i++ {
		if err = invoker(ctx, method, req, reply, cc, opts...); status.Code(err) != codes.Unavailable {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// The twin's interceptor gives each attempt a second of its own.
func retryBounded(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error { // want retryBounded:`budget\(ctx 0, retry loop 300ms \+ 100ms \+ 300ms \+ 100ms \+ 300ms \+ 100ms \+ 300ms = 1.5s\)`
	var err error
	for i := 0; i < 4; i++ {
		actx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		err = invoker(actx, method, req, reply, cc, opts...)
		cancel()
		if status.Code(err) != codes.Unavailable {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func check(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, creds, grpc.WithUnaryInterceptor(retryUnavailable))
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = c.Check(ctx, &healthpb.HealthCheckRequest{}) // want `retry's attempts have no timeout of their own under a 2s deadline: a first attempt that hangs uses the whole budget and no retry runs; give each attempt a context.WithTimeout of its own around the invoker call in the interceptor retryUnavailable under 425ms \(the budget less the waits, over 4 attempts\)`
	return err
}

func checkBounded(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, creds, grpc.WithUnaryInterceptor(retryBounded))
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = c.Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}

// No interceptor: one attempt, which the deadline bounds.
func checkPlain(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, creds)
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err = c.Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}
