package a

import (
	"context"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/timeout"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health/grpc_health_v1"
)

// gRPC calls bounded by the channel's interceptors: a context with no
// deadline does not make them wait forever.

func perCallRetryTimeout(addr string) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor()))
	if err != nil {
		return err
	}
	client := grpc_health_v1.NewHealthClient(conn)
	_, err = client.Check(context.Background(), req, retry.WithMax(3), retry.WithPerRetryTimeout(5*time.Second)) // ok: each attempt is bounded
	return err
}

func interceptorDefaults(addr string) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(3), retry.WithPerRetryTimeout(time.Second))))
	if err != nil {
		return err
	}
	_, err = grpc_health_v1.NewHealthClient(conn).Check(context.Background(), req) // ok: the interceptor's defaults bound each attempt
	return err
}

func timeoutInterceptor(addr string) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithChainUnaryInterceptor(timeout.UnaryClientInterceptor(5*time.Second)))
	if err != nil {
		return err
	}
	if err := conn.Invoke(context.Background(), "/grpc.health.v1.Health/Check", req, &grpc_health_v1.HealthCheckResponse{}); err != nil { // ok: the interceptor adds a timeout
		return err
	}
	_, err = grpc_health_v1.NewHealthClient(conn).Check(context.Background(), req) // ok
	return err
}

func defaultCallOptions(addr string) error {
	opts := []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithDefaultCallOptions(retry.WithMax(2), retry.WithPerRetryTimeout(2*time.Second))}
	opts = append(opts, grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor()))
	conn, err := grpc.NewClient(addr, opts...)
	if err != nil {
		return err
	}
	_, err = grpc_health_v1.NewHealthClient(conn).Check(context.Background(), req) // ok: default call options the interceptor applies
	return err
}

// A client kept in a field, made with the interceptor.
type healthChecker struct {
	client grpc_health_v1.HealthClient
}

func newHealthChecker(addr string) (*healthChecker, error) {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithChainUnaryInterceptor(timeout.UnaryClientInterceptor(time.Second)))
	if err != nil {
		return nil, err
	}
	return &healthChecker{client: grpc_health_v1.NewHealthClient(conn)}, nil
}

func (h *healthChecker) check() error {
	_, err := h.client.Check(context.Background(), req) // ok: the field's channel has a timeout interceptor
	return err
}

// A client from elsewhere: the call's own per-retry options say the
// author relies on a retry interceptor.
func outOfSight(c grpc_health_v1.HealthClient) error {
	_, err := c.Check(context.Background(), req, retry.WithMax(3), retry.WithPerRetryTimeout(time.Second)) // ok
	return err
}

// The twins: options with no interceptor to apply them, a retry
// interceptor with no per-retry timeout, a per-retry timeout that never
// applies because nothing retries, retries disabled on the call.

func optionsWithoutInterceptor(addr string) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return err
	}
	client := grpc_health_v1.NewHealthClient(conn)
	_, err = client.Check(context.Background(), req, retry.WithMax(3), retry.WithPerRetryTimeout(5*time.Second)) // want `context.Background\(\) reaches client.Check \(a gRPC call\) with no deadline`
	return err
}

func retryWithoutPerRetryTimeout(addr string) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(3))))
	if err != nil {
		return err
	}
	_, err = grpc_health_v1.NewHealthClient(conn).Check(context.Background(), req) // want `context.Background\(\) reaches HealthClient.Check`
	return err
}

func perRetryTimeoutWithoutMax(addr string) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor()))
	if err != nil {
		return err
	}
	client := grpc_health_v1.NewHealthClient(conn)
	_, err = client.Check(context.Background(), req, retry.WithPerRetryTimeout(time.Second)) // want `context.Background\(\) reaches client.Check`
	return err
}

func retriesDisabled(addr string) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(retry.UnaryClientInterceptor(retry.WithMax(3), retry.WithPerRetryTimeout(time.Second))))
	if err != nil {
		return err
	}
	client := grpc_health_v1.NewHealthClient(conn)
	_, err = client.Check(context.Background(), req, retry.Disable()) // want `context.Background\(\) reaches client.Check`
	return err
}

func defaultCallOptionsWithoutInterceptor(addr string) error {
	opts := []grpc.DialOption{grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithDefaultCallOptions(retry.WithMax(2), retry.WithPerRetryTimeout(2*time.Second))}
	conn, err := grpc.NewClient(addr, opts...)
	if err != nil {
		return err
	}
	_, err = grpc_health_v1.NewHealthClient(conn).Check(context.Background(), req) // want `context.Background\(\) reaches HealthClient.Check`
	return err
}

func outOfSightNoOptions(c grpc_health_v1.HealthClient) error {
	_, err := c.Check(context.Background(), req, retry.WithMax(3)) // want `context.Background\(\) reaches c.Check`
	return err
}

// A channel that comes out of a type switch, not a dial (containerd's
// sandbox bridge, which once crashed the analyzer): its options are out
// of sight, so only the context decides.
type bridge struct {
	client grpc_health_v1.HealthClient
}

func newBridge(client any) *bridge {
	switch c := client.(type) {
	case grpc.ClientConnInterface:
		return &bridge{grpc_health_v1.NewHealthClient(c)}
	}
	return nil
}

func (b *bridge) check(ctx context.Context) error { // want check:`reaches\(param 0 via HealthClient.Check\)`
	_, err := b.client.Check(ctx, req) // ok: the caller's context, in the fact
	return err
}

func (b *bridge) checkBackground() error {
	_, err := b.client.Check(context.Background(), req) // want `context.Background\(\) reaches b.client.Check \(a gRPC call\) with no deadline`
	return err
}
