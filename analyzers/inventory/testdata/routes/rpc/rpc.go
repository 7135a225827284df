// Package rpc serves and calls gRPC methods: grpc's own generated health
// service, and a service whose proto method name is not its Go name.
package rpc // want "."

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"example.com/routes/rpc/ledgerpb"
)

type health struct {
	grpc_health_v1.UnimplementedHealthServer
}

func (health) Check(ctx context.Context, req *grpc_health_v1.HealthCheckRequest) (*grpc_health_v1.HealthCheckResponse, error) { // serves: /grpc.health.v1.Health/Check
	return &grpc_health_v1.HealthCheckResponse{}, nil
}

type ledger struct {
	ledgerpb.UnimplementedLedgerServer
	health grpc_health_v1.HealthClient
}

// serves: /ledger.v1.Ledger/debit_account
func (l *ledger) DebitAccount(ctx context.Context, in *wrapperspb.StringValue) (*emptypb.Empty, error) { // want DebitAccount:`outbound\(a gRPC call /grpc.health.v1.Health/Check\)`
	_, err := l.health.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // target: /grpc.health.v1.Health/Check
	return &emptypb.Empty{}, err
}

func Serve(s *grpc.Server, conn *grpc.ClientConn) {
	grpc_health_v1.RegisterHealthServer(s, health{})
	ledgerpb.RegisterLedgerServer(s, &ledger{health: grpc_health_v1.NewHealthClient(conn)})
}

func Debit(ctx context.Context, c ledgerpb.LedgerClient, id string) error { // want Debit:`outbound\(a gRPC call /ledger.v1.Ledger/debit_account\)`
	_, err := c.DebitAccount(ctx, wrapperspb.String(id)) // target: /ledger.v1.Ledger/debit_account
	return err
}

func Raw(ctx context.Context, conn *grpc.ClientConn) error { // want Raw:`outbound\(a gRPC call /ledger.v1.Ledger/debit_account\)`
	return conn.Invoke(ctx, "/ledger.v1.Ledger/debit_account", wrapperspb.String("x"), new(emptypb.Empty)) // target: /ledger.v1.Ledger/debit_account
}

func RawVar(ctx context.Context, conn *grpc.ClientConn, method string) error { // want RawVar:`outbound\(a gRPC call\)`
	return conn.Invoke(ctx, method, wrapperspb.String("x"), new(emptypb.Empty)) // target: ? unknown: the method name comes from parameter method
}
