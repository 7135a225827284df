// Package dbtest is named as a test package and imports "testing": all
// of its files are harness code, this one too.
package dbtest

import (
	"context"

	"google.golang.org/grpc/health/grpc_health_v1"
)

func Drop(c grpc_health_v1.HealthClient) {
	c.Check(context.Background(), &grpc_health_v1.HealthCheckRequest{}) // ok: a test package's helper
}
