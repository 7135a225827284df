// Package grpchandmade installs interceptors of its own: one that calls
// the method again on codes.Unavailable retries every unary call on its
// channel, as go-grpc-middleware's retry interceptor does; one that logs
// or adds metadata, or retries something else, does not.
package grpchandmade

import (
	"context"
	"log"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"example.com/retryscantest/grpchandmade/icpt"
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

// logCalls calls the method once.
func logCalls(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
	err := invoker(metadata.AppendToOutgoingContext(ctx, "caller", "svc"), method, req, reply, cc, opts...)
	log.Printf("%s: %v", method, err)
	return err
}

// refreshToken retries fetching a token, then calls the method once.
func refreshToken(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error { // want `retrier\(3 via retry loop\)`
	var tok string
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if tok, err = fetchToken(ctx); err == nil {
			break
		}
		time.Sleep(time.Second)
	}
	if err != nil {
		return err
	}
	return invoker(metadata.AppendToOutgoingContext(ctx, "authorization", tok), method, req, reply, cc, opts...)
}

func fetchToken(ctx context.Context) (string, error) { return "", ctx.Err() }

// withAttempts returns an interceptor that makes n attempts: a count
// from the caller.
func withAttempts(n int) grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		var err error
		for i := 0; i < n; i++ { // want `site loop "retry loop" N attempts`
			if err = invoker(ctx, method, req, reply, cc, opts...); err == nil {
				return nil
			}
			time.Sleep(100 * time.Millisecond)
		}
		return err
	}
}

// A loop of 3 around a call the interceptor makes 4 attempts of: 12 calls.
func check(ctx context.Context, target string) error { // want `retrier\(3x4 via retry loop -> HealthClient.Check\)`
	conn, err := grpc.NewClient(target, creds, grpc.WithUnaryInterceptor(retryUnavailable))
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil { // want `site client "HealthClient.Check" 4 attempts ctx`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// In a chain with an interceptor that logs: the same.
func checkChained(ctx context.Context, target string) error { // want `retrier\(3x4 via retry loop -> HealthClient.Check\)`
	conn, err := grpc.NewClient(target, creds, grpc.WithChainUnaryInterceptor(logCalls, retryUnavailable))
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil { // want `site client "HealthClient.Check" 4 attempts ctx`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A literal a helper returns, with a constant count: 3x2.
func twice() grpc.UnaryClientInterceptor {
	return func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
		var err error
		for i := 0; i < 2; i++ { // want `site loop "retry loop" 2 attempts`
			if err = invoker(ctx, method, req, reply, cc, opts...); status.Code(err) != codes.Unavailable {
				return err
			}
			time.Sleep(100 * time.Millisecond)
		}
		return err
	}
}

func checkTwice(ctx context.Context, target string) error { // want `retrier\(3x2 via retry loop -> HealthClient.Check\)`
	conn, err := grpc.NewClient(target, creds, grpc.WithUnaryInterceptor(twice()))
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil { // want `site client "HealthClient.Check" 2 attempts ctx`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// An interceptor of another package that its fact says retries: 3x3;
// one its constructor returns carries no fact: not counted.
func checkImported(ctx context.Context, target string) error { // want `retrier\(3x3 via retry loop -> HealthClient.Check\)`
	conn, err := grpc.NewClient(target, creds, grpc.WithUnaryInterceptor(icpt.RetryAll))
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil { // want `site client "HealthClient.Check" 3 attempts ctx`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func checkImportedClosure(ctx context.Context, target string) error { // want `retrier\(3 via retry loop\)`
	conn, err := grpc.NewClient(target, creds, grpc.WithUnaryInterceptor(icpt.New()))
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twins: interceptors that call the method once (one logs, one
// retries fetching a token), no interceptor, and one whose count comes
// from a caller: only the loop is counted.
func checkLogged(ctx context.Context, target string) error { // want `retrier\(3 via retry loop\)`
	conn, err := grpc.NewClient(target, creds, grpc.WithChainUnaryInterceptor(logCalls, refreshToken))
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func checkPlain(ctx context.Context, target string) error { // want `retrier\(3 via retry loop\)`
	conn, err := grpc.NewClient(target, creds)
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func checkGivenCount(ctx context.Context, target string, n int) error { // want `retrier\(3 via retry loop\)`
	conn, err := grpc.NewClient(target, creds, grpc.WithUnaryInterceptor(withAttempts(n)))
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
