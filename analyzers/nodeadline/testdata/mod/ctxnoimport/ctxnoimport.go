// Package ctxnoimport has its contexts from ctxmake and never names the
// context package: its calls are judged all the same.
package ctxnoimport

import (
	"google.golang.org/grpc/health/grpc_health_v1"

	"example.com/nodeadlinetest/ctxmake"
)

func detached(c grpc_health_v1.HealthClient) error {
	ctx, cancel := ctxmake.Detached()
	defer cancel()
	_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // want `the context from ctxmake.Detached\(\) reaches c.Check \(a gRPC call\) with no deadline`
	return err
}

// The twin: the helper's context has a deadline.
func withDeadline(c grpc_health_v1.HealthClient) error {
	ctx, cancel := ctxmake.WithDeadline()
	defer cancel()
	_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // ok
	return err
}
