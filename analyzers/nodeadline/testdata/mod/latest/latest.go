// Package latest ends in "test" but imports no "testing": production.
package latest

import (
	"context"

	"google.golang.org/grpc/health/grpc_health_v1"
)

func Fetch(c grpc_health_v1.HealthClient) error {
	_, err := c.Check(context.Background(), &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches c.Check`
	return err
}
