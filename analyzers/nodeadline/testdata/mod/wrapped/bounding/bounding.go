package bounding // want package:`wrapped\(grpc_health_v1.HealthClient: all\)`

// A client wrapper of the service's own, as Temporal's client/matching
// writes it: every unary method derives a deadline from the context it
// is given, in the method or through a helper, before the inner call.

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health/grpc_health_v1"
)

type timeoutClient struct {
	inner   grpc_health_v1.HealthClient
	timeout time.Duration
}

var _ grpc_health_v1.HealthClient = (*timeoutClient)(nil)

// New wraps the generated stub.
func New(conn grpc.ClientConnInterface, timeout time.Duration) grpc_health_v1.HealthClient {
	return &timeoutClient{inner: grpc_health_v1.NewHealthClient(conn), timeout: timeout}
}

func (c *timeoutClient) createContext(parent context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(parent, c.timeout)
}

func (c *timeoutClient) Check(ctx context.Context, in *grpc_health_v1.HealthCheckRequest, opts ...grpc.CallOption) (*grpc_health_v1.HealthCheckResponse, error) {
	ctx, cancel := c.createContext(ctx)
	defer cancel()
	return c.inner.Check(ctx, in, opts...)
}

func (c *timeoutClient) List(ctx context.Context, in *grpc_health_v1.HealthListRequest, opts ...grpc.CallOption) (*grpc_health_v1.HealthListResponse, error) {
	return c.list(ctx, in, opts)
}

// list makes List's call, with a deadline of its own.
func (c *timeoutClient) list(ctx context.Context, in *grpc_health_v1.HealthListRequest, opts []grpc.CallOption) (*grpc_health_v1.HealthListResponse, error) {
	var resp *grpc_health_v1.HealthListResponse
	op := func(ctx context.Context) error {
		ctx, cancel := context.WithTimeout(ctx, c.timeout)
		defer cancel()
		var err error
		resp, err = c.inner.List(ctx, in, opts...)
		return err
	}
	return resp, op(ctx)
}

// Watch opens a stream: the caller's context ends it, as it should.
func (c *timeoutClient) Watch(ctx context.Context, in *grpc_health_v1.HealthCheckRequest, opts ...grpc.CallOption) (grpc.ServerStreamingClient[grpc_health_v1.HealthCheckResponse], error) { // want Watch:`reaches\(param 0 via HealthClient.Watch\)`
	return c.inner.Watch(ctx, in, opts...)
}
