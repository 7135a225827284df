// Package worker is production code that ships a test suite helper in
// one of its files (suite.go imports "testing"): only that file is judged
// like a test file.
package worker

import (
	"context"

	"google.golang.org/grpc/health/grpc_health_v1"
)

func ReportFailure(c grpc_health_v1.HealthClient) error {
	_, err := c.Check(context.Background(), &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline`
	return err
}
