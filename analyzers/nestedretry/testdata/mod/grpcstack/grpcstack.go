// Package grpcstack dials channels whose unary calls go through two
// retry interceptors of go-grpc-middleware: each attempt of the outer one
// is a whole call of the inner one, so their counts multiply
// (celestia-node#5164). Its twins chain one retry interceptor.
package grpcstack

import (
	"context"
	"log"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

var creds = grpc.WithTransportCredentials(insecure.NewCredentials())

func logCalls(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	err := invoker(ctx, method, req, reply, cc, opts...)
	log.Printf("%s: %v", method, err)
	return err
}

func authInterceptor(token string) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		return invoker(ctx, method, req, reply, cc, opts...)
	}
}

// Twice registers the same interceptor in two chain options.
func Twice(addr string) (*grpc.ClientConn, error) {
	r := retry.UnaryClientInterceptor(retry.WithMax(5))
	return grpc.NewClient(addr, creds, // want `the channel chains 2 retry interceptors \(5 attempts each\): up to 25 calls per unary RPC \(5x5\); keep one`
		grpc.WithChainUnaryInterceptor(r),
		grpc.WithChainUnaryInterceptor(r),
	)
}

// OneCall chains two retry interceptors in one option, with different
// counts.
func OneCall(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, creds, grpc.WithChainUnaryInterceptor( // want `the channel chains 2 retry interceptors \(3 and 5 attempts\): up to 15 calls per unary RPC \(3x5\); keep one`
		retry.UnaryClientInterceptor(retry.WithMax(3)),
		logCalls,
		retry.UnaryClientInterceptor(retry.WithMax(5)),
	))
}

// Auth is celestia-node's shape: the retry interceptor is the primary
// one, and the auth chain, appended when there is a token, has it again.
func Auth(addr, token string) (*grpc.ClientConn, error) {
	opts := []grpc.DialOption{creds}
	r := retry.UnaryClientInterceptor(retry.WithMax(5))
	opts = append(opts, grpc.WithUnaryInterceptor(r))
	if token != "" {
		opts = append(opts, grpc.WithChainUnaryInterceptor(authInterceptor(token), r))
	}
	return grpc.NewClient(addr, opts...) // want `the channel chains 2 retry interceptors \(5 attempts each\): up to 25 calls per unary RPC \(5x5\); keep one`
}

// DialCtx: the channel's default call options reach the outer
// interceptor, which they give 4 attempts.
func DialCtx(ctx context.Context, addr string) (*grpc.ClientConn, error) {
	return grpc.DialContext(ctx, addr, creds, // want `the channel chains 2 retry interceptors \(4 and 2 attempts\): up to 8 calls per unary RPC \(4x2\); keep one`
		grpc.WithDefaultCallOptions(retry.WithMax(4)),
		grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(), retry.UnaryClientInterceptor(retry.WithMax(2))))
}

// The twins.

// One chains one retry interceptor.
func One(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, creds, grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(5))))
}

// Logged chains a retry interceptor and one that logs.
func Logged(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, creds,
		grpc.WithUnaryInterceptor(logCalls),
		grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(5)), authInterceptor("t")))
}

// TwoChannels dials two channels, each with one retry interceptor.
func TwoChannels(addr string) (*grpc.ClientConn, *grpc.ClientConn, error) {
	r := retry.UnaryClientInterceptor(retry.WithMax(5))
	a, err := grpc.NewClient(addr, creds, grpc.WithChainUnaryInterceptor(r))
	if err != nil {
		return nil, nil, err
	}
	b, err := grpc.NewClient(addr, creds, grpc.WithChainUnaryInterceptor(r))
	return a, b, err
}

// Replaced: a second WithUnaryInterceptor takes the place of the first.
func Replaced(addr string) (*grpc.ClientConn, error) {
	r := retry.UnaryClientInterceptor(retry.WithMax(5))
	return grpc.NewClient(addr, creds, grpc.WithUnaryInterceptor(r), grpc.WithUnaryInterceptor(r))
}

// Either installs one retry interceptor or the other, never both.
func Either(addr string, fast bool) (*grpc.ClientConn, error) {
	opts := []grpc.DialOption{creds}
	if fast {
		opts = append(opts, grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(2))))
	} else {
		opts = append(opts, grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(5))))
	}
	return grpc.NewClient(addr, opts...)
}

// Once: the inner interceptor retries nothing (no WithMax: 0, one call).
func Once(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, creds, grpc.WithChainUnaryInterceptor(
		retry.UnaryClientInterceptor(retry.WithMax(5)), retry.UnaryClientInterceptor()))
}

// Configured: a count the code does not show (it may be 0) is not read.
func Configured(addr string, n uint) (*grpc.ClientConn, error) {
	r := retry.UnaryClientInterceptor(retry.WithMax(n))
	return grpc.NewClient(addr, creds, grpc.WithChainUnaryInterceptor(r, r))
}

// FromHelper reads the options a helper of the package returns.
func FromHelper(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, retryOptions()...) // want `the channel chains 2 retry interceptors \(3 attempts each\): up to 9 calls per unary RPC \(3x3\); keep one`
}

func retryOptions() []grpc.DialOption {
	r := retry.UnaryClientInterceptor(retry.WithMax(3))
	return []grpc.DialOption{creds, grpc.WithUnaryInterceptor(r), grpc.WithChainUnaryInterceptor(r)}
}

// dialWith dials with options its callers choose: not read here.
func dialWith(addr string, opts ...grpc.DialOption) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, opts...)
}

// Handed hands dialWith both interceptors; dialWith's channel is out of
// sight (the limitation the doc states).
func Handed(addr string) (*grpc.ClientConn, error) {
	r := retry.UnaryClientInterceptor(retry.WithMax(5))
	return dialWith(addr, creds, grpc.WithChainUnaryInterceptor(r, r))
}
