package passthrough

// A wrapper that only counts calls and delegates, as Temporal's
// metricClient: it bounds nothing by itself, so no fact.

import (
	"context"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health/grpc_health_v1"
)

type metricClient struct {
	inner   grpc_health_v1.HealthClient
	calls   atomic.Int64
	timeout time.Duration
}

// New wraps inner.
func New(inner grpc_health_v1.HealthClient, timeout time.Duration) grpc_health_v1.HealthClient {
	return &metricClient{inner: inner, timeout: timeout}
}

func (c *metricClient) Check(ctx context.Context, in *grpc_health_v1.HealthCheckRequest, opts ...grpc.CallOption) (*grpc_health_v1.HealthCheckResponse, error) { // want Check:`reaches\(param 0 via metricClient.check -> HealthClient.Check\)`
	c.calls.Add(1)
	return c.check(ctx, in, opts)
}

func (c *metricClient) check(ctx context.Context, in *grpc_health_v1.HealthCheckRequest, opts []grpc.CallOption) (*grpc_health_v1.HealthCheckResponse, error) { // want check:`reaches\(param 0 via HealthClient.Check\)`
	return c.inner.Check(ctx, in, opts...)
}

// List bounds the call only when a timeout is set: not every way.
func (c *metricClient) List(ctx context.Context, in *grpc_health_v1.HealthListRequest, opts ...grpc.CallOption) (*grpc_health_v1.HealthListResponse, error) {
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	c.calls.Add(1)
	return c.inner.List(ctx, in, opts...)
}

func (c *metricClient) Watch(ctx context.Context, in *grpc_health_v1.HealthCheckRequest, opts ...grpc.CallOption) (grpc.ServerStreamingClient[grpc_health_v1.HealthCheckResponse], error) { // want Watch:`reaches\(param 0 via HealthClient.Watch\)`
	return c.inner.Watch(ctx, in, opts...)
}
