package dbtest

import (
	"context"
	"testing"

	"google.golang.org/grpc/health/grpc_health_v1"
)

func Setup(t *testing.T, c grpc_health_v1.HealthClient) {
	if _, err := c.Check(context.Background(), &grpc_health_v1.HealthCheckRequest{}); err != nil { // ok: a test package's helper
		t.Fatal(err)
	}
}
