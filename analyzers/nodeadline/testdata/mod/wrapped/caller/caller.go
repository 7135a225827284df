package caller // want package:`wrapped\(grpc_health_v1.HealthClient: all\)`

// Package caller imports the bounding wrapper through via: calls through
// the interface are the wrapper's, which bounds them.

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health/grpc_health_v1"

	"example.com/nodeadlinetest/wrapped/via"
)

type manager struct {
	health grpc_health_v1.HealthClient
}

func newManager(conn grpc.ClientConnInterface) *manager {
	return &manager{health: via.Health(conn)}
}

func (m *manager) probe() error {
	_, err := m.health.Check(context.Background(), &grpc_health_v1.HealthCheckRequest{}) // ok: the wrapper bounds Check
	return err
}

func (m *manager) list() error {
	_, err := m.health.List(context.TODO(), &grpc_health_v1.HealthListRequest{}) // ok: and List
	return err
}

// forward leaves the deadline to its caller, who has the wrapper's.
func forward(ctx context.Context, hc grpc_health_v1.HealthClient) error {
	_, err := hc.Check(ctx, &grpc_health_v1.HealthCheckRequest{})
	return err
}

func (m *manager) forwarded() error {
	return forward(context.Background(), m.health) // ok: no chain through a bounded call
}

func (m *manager) watch() error {
	stream, err := m.health.Watch(context.Background(), &grpc_health_v1.HealthCheckRequest{}) // want `no deadline and no cancel`
	if err != nil {
		return err
	}
	_, err = stream.Recv()
	return err
}

// stub calls the generated stub it makes: no wrapper in between.
func stub(conn *grpc.ClientConn) error {
	hc := grpc_health_v1.NewHealthClient(conn)
	_, err := hc.Check(context.Background(), &grpc_health_v1.HealthCheckRequest{}) // want `context.Background\(\) reaches hc.Check \(a gRPC call\) with no deadline`
	return err
}
