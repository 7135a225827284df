package worker

import (
	"context"
	"testing"

	"google.golang.org/grpc/health/grpc_health_v1"
)

// Suite is the package's test helper: its calls run under a test's timeout.
func Suite(t *testing.T, c grpc_health_v1.HealthClient) {
	if _, err := c.Check(context.Background(), &grpc_health_v1.HealthCheckRequest{}); err != nil { // ok: a harness file
		t.Fatal(err)
	}
}
