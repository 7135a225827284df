// Package std is example code, like a database driver's examples/std:
// one finding per function, at its first call.
package std

import (
	"context"

	"google.golang.org/grpc/health/grpc_health_v1"
)

var req = &grpc_health_v1.HealthCheckRequest{}

func Queries(c grpc_health_v1.HealthClient) error {
	if _, err := c.Check(context.Background(), req); err != nil { // want `context.Background\(\) reaches c.Check`
		return err
	}
	ctx := context.TODO()
	if _, err := c.Check(ctx, req); err != nil { // ok: listed as related of the first
		return err
	}
	_, err := c.Check(context.Background(), req) // ok: listed as related of the first
	return err
}

func Single(c grpc_health_v1.HealthClient) error {
	_, err := c.Check(context.Background(), req) // want `context.Background\(\) reaches c.Check`
	return err
}

func Bounded(c grpc_health_v1.HealthClient) error {
	return nil // no call, no finding
}
