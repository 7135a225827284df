// Package grpcthr retries gRPC calls by a service config with a
// retryThrottling: a full outage adds at most 0.1/1.1 of load.
package grpcthr

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

const config = `{"methodConfig": [{"name": [{"service": "orders.Orders"}],
  "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}],
  "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}}`

// Place calls through a channel whose retries are throttled.
func Place(ctx context.Context, in, out any) error {
	conn, err := grpc.NewClient("orders:443", grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithDefaultServiceConfig(config))
	if err != nil {
		return err
	}
	return conn.Invoke(ctx, "/orders.Orders/Place", in, out) // budget: budget 0.0909
}
