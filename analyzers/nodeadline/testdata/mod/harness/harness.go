// Package harness is a test harness: its non-test files import
// "testing", and it is judged like a test file (quiet without -tests).
package harness

import (
	"context"
	"testing"

	"google.golang.org/grpc/health/grpc_health_v1"
)

func Setup(t *testing.T, c grpc_health_v1.HealthClient) {
	if _, err := c.Check(context.Background(), &grpc_health_v1.HealthCheckRequest{}); err != nil { // ok: a test harness
		t.Fatal(err)
	}
}

func Teardown(c grpc_health_v1.HealthClient) {
	c.Check(context.Background(), &grpc_health_v1.HealthCheckRequest{}) // ok: a test harness
}
