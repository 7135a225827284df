package partial // want package:`wrapped\(grpc_health_v1.HealthClient: Check\)`

// A wrapper that bounds Check but only adds a cancel to List.

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health/grpc_health_v1"
)

type client struct {
	grpc_health_v1.HealthClient // Watch is the embedded stub's
}

// New wraps inner.
func New(inner grpc_health_v1.HealthClient) grpc_health_v1.HealthClient {
	return client{inner}
}

func (c client) Check(ctx context.Context, in *grpc_health_v1.HealthCheckRequest, opts ...grpc.CallOption) (*grpc_health_v1.HealthCheckResponse, error) {
	ctx, cancel := context.WithDeadline(ctx, time.Now().Add(time.Second))
	defer cancel()
	return c.HealthClient.Check(ctx, in, opts...)
}

func (c client) List(ctx context.Context, in *grpc_health_v1.HealthListRequest, opts ...grpc.CallOption) (*grpc_health_v1.HealthListResponse, error) { // want List:`reaches\(param 0 via HealthClient.List\)`
	ctx, cancel := context.WithCancel(ctx) // no deadline
	defer cancel()
	return c.HealthClient.List(ctx, in, opts...)
}
