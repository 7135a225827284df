// Package intercept retries in unary client interceptors: the call of the
// grpc.UnaryInvoker an interceptor is handed is the gRPC call, and fails
// with the method's code.
package intercept

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Every error goes round, NotFound and InvalidArgument too.
func retryAll(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = invoker(ctx, method, req, reply, cc, opts...); err == nil { // want `retry loop retries every error of the gRPC call invoker without looking at status.Code\(err\): NotFound or InvalidArgument comes back the same on every attempt`
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return err
}

// The twin: only codes.Unavailable goes round.
func retryUnavailable(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = invoker(ctx, method, req, reply, cc, opts...); status.Code(err) != codes.Unavailable {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return err
}

// A literal a helper returns is read the same way.
func retrying() grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		var err error
		for i := 0; i < 3; i++ {
			err = invoker(ctx, method, req, reply, cc, opts...)
			switch status.Code(err) {
			case codes.OK:
				return nil
			case codes.Unavailable, codes.NotFound: // want `retry loop retries codes.NotFound, which does not change on retry`
				time.Sleep(100 * time.Millisecond)
				continue
			}
			return err
		}
		return err
	}
}
