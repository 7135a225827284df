package partialcaller // want package:`wrapped\(grpc_health_v1.HealthClient: Check\)`

// Package partialcaller sees the wrapper that bounds Check only.

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health/grpc_health_v1"

	"example.com/nodeadlinetest/wrapped/partial"
)

type manager struct {
	health grpc_health_v1.HealthClient
}

func newManager(conn grpc.ClientConnInterface) *manager {
	return &manager{health: partial.New(grpc_health_v1.NewHealthClient(conn))}
}

func (m *manager) probe() error {
	_, err := m.health.Check(context.Background(), &grpc_health_v1.HealthCheckRequest{}) // ok: the wrapper bounds Check
	return err
}

func (m *manager) list() error {
	_, err := m.health.List(context.Background(), &grpc_health_v1.HealthListRequest{}) // want `context.Background\(\) reaches m.health.List \(a gRPC call\) with no deadline`
	return err
}
