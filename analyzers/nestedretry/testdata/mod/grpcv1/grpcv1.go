// Package grpcv1 dials with go-grpc-middleware v1's retry interceptor
// (package grpc_retry), the one services still use: the same loop and
// options as v2's. Registered twice, its counts multiply
// (celestia-node#5164's shape); once, a loop around a call on its
// channel is a second layer.
package grpcv1

import (
	"context"
	"time"

	grpc_middleware "github.com/grpc-ecosystem/go-grpc-middleware"
	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

var creds = grpc.WithTransportCredentials(insecure.NewCredentials())

func authInterceptor(token string) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		return invoker(ctx, method, req, reply, cc, opts...)
	}
}

// Celestia is celestia-node's api/client/grpc.go before its fix: the
// interceptor is the primary one and again in the auth chain.
func Celestia(addr, token string) (*grpc.ClientConn, error) {
	opts := []grpc.DialOption{creds}
	r := grpc_retry.UnaryClientInterceptor(
		grpc_retry.WithMax(5),
		grpc_retry.WithCodes(codes.Unavailable),
		grpc_retry.WithBackoff(grpc_retry.BackoffExponentialWithJitter(time.Second, 2.0)))
	opts = append(opts, grpc.WithUnaryInterceptor(r))
	if token != "" {
		opts = append(opts, grpc.WithChainUnaryInterceptor(authInterceptor(token), r))
	}
	return grpc.NewClient(addr, opts...) // want `the channel chains 2 retry interceptors \(5 attempts each\): up to 25 calls per unary RPC \(5x5\); keep one`
}

// Mixed chains v2's interceptor outside v1's: they multiply too.
func Mixed(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, creds, grpc.WithChainUnaryInterceptor( // want `the channel chains 2 retry interceptors \(3 and 5 attempts\): up to 15 calls per unary RPC \(3x5\); keep one`
		retry.UnaryClientInterceptor(retry.WithMax(3)),
		grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(5))))
}

// The twins.

// Once registers the interceptor once.
func Once(addr, token string) (*grpc.ClientConn, error) {
	r := grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(5))
	return grpc.NewClient(addr, creds, grpc.WithChainUnaryInterceptor(authInterceptor(token), r))
}

// Default: v1's default max is 0, so the inner one calls once.
func Default(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, creds, grpc.WithChainUnaryInterceptor(
		grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(5)), grpc_retry.UnaryClientInterceptor()))
}

// ForeignDefaults: v2's WithMax among the channel's default call options
// is not v1's option type; v1's interceptors read none of it (v2's
// DialCtx twin in grpcstack makes 4x2), so only the inner one retries.
func ForeignDefaults(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, creds,
		grpc.WithDefaultCallOptions(retry.WithMax(4)),
		grpc.WithChainUnaryInterceptor(grpc_retry.UnaryClientInterceptor(), grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(2))))
}

// A loop around a call on a v1 channel.

func dial(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, creds, grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))))
}

// Check loops around a call the interceptor retries: 4 x 3.
func Check(ctx context.Context, target string) error {
	conn, err := dial(target)
	if err != nil {
		return err
	}
	defer conn.Close()
	hc := healthpb.NewHealthClient(conn)
	for i := 0; i < 4; i++ { // want `retry loop \(4 attempts\) wraps HealthClient.Check \(3 attempts\), which retries again: up to 12 calls per request \(4x3 via HealthClient.Check\); retry in one layer only`
		if _, err = hc.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// CheckOnce: the call's grpc_retry.Disable() turns the interceptor off.
func CheckOnce(ctx context.Context, target string) error {
	conn, err := dial(target)
	if err != nil {
		return err
	}
	defer conn.Close()
	hc := healthpb.NewHealthClient(conn)
	for i := 0; i < 4; i++ {
		if _, err = hc.Check(ctx, &healthpb.HealthCheckRequest{}, grpc_retry.Disable()); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// CheckForeign: v2's Disable() is not v1's option; the v1 interceptor
// hands it on and still makes 3 attempts.
func CheckForeign(ctx context.Context, target string) error {
	conn, err := dial(target)
	if err != nil {
		return err
	}
	defer conn.Close()
	hc := healthpb.NewHealthClient(conn)
	for i := 0; i < 4; i++ { // want `retry loop \(4 attempts\) wraps HealthClient.Check \(3 attempts\), which retries again: up to 12 calls per request \(4x3 via HealthClient.Check\); retry in one layer only`
		if _, err = hc.Check(ctx, &healthpb.HealthCheckRequest{}, retry.Disable()); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Chains made with v1's ChainUnaryClient, installed with
// WithUnaryInterceptor: the way v1's users chain interceptors.

// Chained puts the interceptor in a ChainUnaryClient and again in the
// channel's chain: they multiply.
func Chained(addr, token string) (*grpc.ClientConn, error) {
	r := grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(5))
	return grpc.NewClient(addr, creds, // want `the channel chains 2 retry interceptors \(5 attempts each\): up to 25 calls per unary RPC \(5x5\); keep one`
		grpc.WithUnaryInterceptor(grpc_middleware.ChainUnaryClient(authInterceptor(token), r)),
		grpc.WithChainUnaryInterceptor(r))
}

// NestedChain chains a chain that holds it.
func NestedChain(addr, token string) (*grpc.ClientConn, error) {
	r := grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))
	inner := grpc_middleware.ChainUnaryClient(authInterceptor(token), r)
	return grpc.NewClient(addr, creds, grpc.WithUnaryInterceptor(grpc_middleware.ChainUnaryClient(r, inner))) // want `the channel chains 2 retry interceptors \(3 attempts each\): up to 9 calls per unary RPC \(3x3\); keep one`
}

// ChainedOnce: one retry interceptor in the chain, one layer.
func ChainedOnce(addr, token string) (*grpc.ClientConn, error) {
	r := grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(5))
	return grpc.NewClient(addr, creds, grpc.WithUnaryInterceptor(grpc_middleware.ChainUnaryClient(authInterceptor(token), r)))
}

func dialChained(target, token string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, creds, grpc.WithUnaryInterceptor(grpc_middleware.ChainUnaryClient(
		authInterceptor(token), grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3)))))
}

func dialChainedPlain(target, token string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, creds, grpc.WithUnaryInterceptor(grpc_middleware.ChainUnaryClient(authInterceptor(token))))
}

// CheckChained loops around a call the chained interceptor retries: 4 x 3.
func CheckChained(ctx context.Context, target, token string) error {
	conn, err := dialChained(target, token)
	if err != nil {
		return err
	}
	defer conn.Close()
	hc := healthpb.NewHealthClient(conn)
	for i := 0; i < 4; i++ { // want `retry loop \(4 attempts\) wraps HealthClient.Check \(3 attempts\), which retries again: up to 12 calls per request \(4x3 via HealthClient.Check\); retry in one layer only`
		if _, err = hc.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// CheckChainedPlain: the chain holds no retry interceptor, one layer.
func CheckChainedPlain(ctx context.Context, target, token string) error {
	conn, err := dialChainedPlain(target, token)
	if err != nil {
		return err
	}
	defer conn.Close()
	hc := healthpb.NewHealthClient(conn)
	for i := 0; i < 4; i++ {
		if _, err = hc.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
