// Package icpt exports interceptors for package grpchandmade: one that
// retries every error 3 times, and a constructor whose closure carries
// no fact.
package icpt

import (
	"context"
	"time"

	"google.golang.org/grpc"
)

func RetryAll(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error { // want `retrier\(3 via retry loop\)` `wrapper\(param=5, 3 attempts via retry loop\)`
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if err = invoker(ctx, method, req, reply, cc, opts...); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

func New() grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		var err error
		for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
			if err = invoker(ctx, method, req, reply, cc, opts...); err == nil {
				return nil
			}
			time.Sleep(50 * time.Millisecond)
		}
		return err
	}
}
