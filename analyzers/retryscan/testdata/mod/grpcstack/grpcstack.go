// Package grpcstack dials channels that chain two retry interceptors:
// each attempt of the outer one is a whole call of the inner one, so a
// unary call makes the product of their counts. The outer one keeps the
// call's retry options to itself: retry.Disable() on the call leaves the
// inner one's attempts.
package grpcstack

import (
	"context"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
)

var creds = grpc.WithTransportCredentials(insecure.NewCredentials())

// retryUnavailable calls the method up to 4 times.
func retryUnavailable(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error { // want `retrier\(4 via retry loop\)` `wrapper\(param=5, 4 attempts via retry loop, named errors only\)`
	var err error
	for i := 0; i < 4; i++ { // want `site loop "retry loop" 4 attempts`
		if err = invoker(ctx, method, req, reply, cc, opts...); status.Code(err) != codes.Unavailable {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func twice(target string) healthpb.HealthClient {
	r := retry.UnaryClientInterceptor(retry.WithMax(5))
	conn, _ := grpc.NewClient(target, creds, grpc.WithChainUnaryInterceptor(r), grpc.WithChainUnaryInterceptor(r)) // want `stack 5x5 \(retry.UnaryClientInterceptor, retry.UnaryClientInterceptor\)`
	return healthpb.NewHealthClient(conn)
}

func check(ctx context.Context, target string) error { // want `retrier\(25 via HealthClient.Check\)`
	_, err := twice(target).Check(ctx, &healthpb.HealthCheckRequest{}) // want `site client "HealthClient.Check" 25 attempts ctx`
	return err
}

// The call's Disable reaches the outer interceptor only.
func checkDisabled(ctx context.Context, target string) error { // want `retrier\(5 via HealthClient.Check\)`
	_, err := twice(target).Check(ctx, &healthpb.HealthCheckRequest{}, retry.Disable()) // want `site client "HealthClient.Check" 5 attempts ctx`
	return err
}

func checkMax(ctx context.Context, target string) error { // want `retrier\(10 via HealthClient.Check\)`
	_, err := twice(target).Check(ctx, &healthpb.HealthCheckRequest{}, retry.WithMax(2)) // want `site client "HealthClient.Check" 10 attempts ctx`
	return err
}

// One written by hand inside go-grpc-middleware's: 5x4.
func checkHandmade(ctx context.Context, target string) error { // want `retrier\(20 via HealthClient.Check\)`
	conn, err := grpc.NewClient(target, creds, // want `stack 5x4 \(retry.UnaryClientInterceptor, retryUnavailable\)`
		grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(5))),
		grpc.WithChainUnaryInterceptor(retryUnavailable))
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{}) // want `site client "HealthClient.Check" 20 attempts ctx`
	return err
}

// Appended when there is a token: up to 25.
func checkAuth(ctx context.Context, target, token string) error { // want `retrier\(25 via HealthClient.Check\)`
	r := retry.UnaryClientInterceptor(retry.WithMax(5))
	opts := []grpc.DialOption{creds, grpc.WithUnaryInterceptor(r)}
	if token != "" {
		opts = append(opts, grpc.WithChainUnaryInterceptor(r))
	}
	conn, err := grpc.NewClient(target, opts...) // want `stack 5x5 \(retry.UnaryClientInterceptor, retry.UnaryClientInterceptor\)`
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{}) // want `site client "HealthClient.Check" 25 attempts ctx`
	return err
}

// The twins: a second WithUnaryInterceptor replaces the first; the two
// branches of an if/else never chain together.
func checkReplaced(ctx context.Context, target string) error { // want `retrier\(5 via HealthClient.Check\)`
	r := retry.UnaryClientInterceptor(retry.WithMax(5))
	conn, err := grpc.NewClient(target, creds, grpc.WithUnaryInterceptor(r), grpc.WithUnaryInterceptor(r))
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{}) // want `site client "HealthClient.Check" 5 attempts ctx`
	return err
}

func checkEither(ctx context.Context, target string, fast bool) error { // want `retrier\(5 via HealthClient.Check\)`
	opts := []grpc.DialOption{creds}
	if fast {
		opts = append(opts, grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(2))))
	} else {
		opts = append(opts, grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(5))))
	}
	conn, err := grpc.NewClient(target, opts...)
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{}) // want `site client "HealthClient.Check" 5 attempts ctx`
	return err
}
