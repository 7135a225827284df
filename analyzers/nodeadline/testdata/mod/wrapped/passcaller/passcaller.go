package passcaller

// Package passcaller sees only the pass-through wrapper: its calls are
// judged as calls of the stub.

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health/grpc_health_v1"

	"example.com/nodeadlinetest/wrapped/passthrough"
)

type manager struct {
	health grpc_health_v1.HealthClient
}

func newManager(conn grpc.ClientConnInterface) *manager {
	return &manager{health: passthrough.New(grpc_health_v1.NewHealthClient(conn), 0)}
}

func (m *manager) probe() error {
	_, err := m.health.Check(context.Background(), &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches m.health.Check \(a gRPC call\) with no deadline`
	return err
}

func (m *manager) list() error {
	_, err := m.health.List(context.Background(), &grpc_health_v1.HealthListRequest{}) // want `context.Background\(\) reaches m.health.List \(a gRPC call\) with no deadline`
	return err
}
