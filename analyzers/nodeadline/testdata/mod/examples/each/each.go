// Package each is example code and a test harness, checked with
// -every-call and -tests: every call is reported.
package each

import (
	"context"
	"testing"

	"google.golang.org/grpc/health/grpc_health_v1"
)

var req = &grpc_health_v1.HealthCheckRequest{}

func Queries(t *testing.T, c grpc_health_v1.HealthClient) {
	c.Check(context.Background(), req) // want `context.Background\(\) reaches c.Check`
	c.Check(context.TODO(), req)       // want `context.TODO\(\) reaches c.Check`
}
