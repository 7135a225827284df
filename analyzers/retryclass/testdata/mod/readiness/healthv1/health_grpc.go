// Package healthv1 is grpc.health.v1 generated into a package of the
// module, as projects that keep their own copy of health.proto have it:
// protoc-gen-go-grpc (v1.3.0 on) names each method's full name in a
// constant, which makes its Check the same readiness probe as grpc's.
package healthv1

import (
	"context"

	"google.golang.org/grpc"
)

const Health_Check_FullMethodName = "/grpc.health.v1.Health/Check"

type HealthCheckRequest struct{ Service string }

type HealthCheckResponse struct{ Status int32 }

type HealthClient interface {
	Check(ctx context.Context, in *HealthCheckRequest, opts ...grpc.CallOption) (*HealthCheckResponse, error)
}

type healthClient struct{ cc grpc.ClientConnInterface }

func NewHealthClient(cc grpc.ClientConnInterface) HealthClient { return &healthClient{cc} }

func (c *healthClient) Check(ctx context.Context, in *HealthCheckRequest, opts ...grpc.CallOption) (*HealthCheckResponse, error) {
	out := new(HealthCheckResponse)
	if err := c.cc.Invoke(ctx, Health_Check_FullMethodName, in, out, opts...); err != nil {
		return nil, err
	}
	return out, nil
}
