// Package grpcnone is grpcthr's twin: the same retryPolicy with no
// retryThrottling.
package grpcnone

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

const config = `{"methodConfig": [{"name": [{"service": "orders.Orders"}],
  "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

// Place calls through a channel whose retries are not throttled.
func Place(ctx context.Context, in, out any) error {
	conn, err := grpc.NewClient("orders:443", grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithDefaultServiceConfig(config))
	if err != nil {
		return err
	}
	return conn.Invoke(ctx, "/orders.Orders/Place", in, out) // budget: none
}
