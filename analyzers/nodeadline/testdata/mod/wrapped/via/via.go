package via // want package:`wrapped\(grpc_health_v1.HealthClient: all\)`

// Package via builds the clients of the service, as Temporal's client
// package does: a caller importing it sees the wrapper it wires.

import (
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health/grpc_health_v1"

	"example.com/nodeadlinetest/wrapped/bounding"
)

// Health returns the service's health client.
func Health(conn grpc.ClientConnInterface) grpc_health_v1.HealthClient {
	return bounding.New(conn, 5*time.Second)
}
