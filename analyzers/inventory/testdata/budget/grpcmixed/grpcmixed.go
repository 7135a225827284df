// Package grpcmixed has two channels, one throttled and one not: a call
// made on one of them has that channel's budget; a call that may be made
// on either has none known; a call on a channel from a parameter is no
// retry site here.
package grpcmixed

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

const throttled = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}],
  "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}}`

const plain = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

var creds = grpc.WithTransportCredentials(insecure.NewCredentials())

// Either dials one of the two, as the caller asks.
func Either(ctx context.Context, fast bool, in, out any) error {
	conn, err := grpc.NewClient("b:443", creds, grpc.WithDefaultServiceConfig(plain))
	if fast {
		conn, err = grpc.NewClient("a:443", creds, grpc.WithDefaultServiceConfig(throttled))
	}
	if err != nil {
		return err
	}
	return conn.Invoke(ctx, "/svc.Svc/Get", in, out) // budget: unknown
}

// Throttled calls on the throttled channel alone.
func Throttled(ctx context.Context, in, out any) error {
	conn, err := grpc.NewClient("a:443", creds, grpc.WithDefaultServiceConfig(throttled))
	if err != nil {
		return err
	}
	return conn.Invoke(ctx, "/svc.Svc/Get", in, out) // budget: budget 0.0909
}

// Plain calls on the other.
func Plain(ctx context.Context, in, out any) error {
	conn, err := grpc.NewClient("b:443", creds, grpc.WithDefaultServiceConfig(plain))
	if err != nil {
		return err
	}
	return conn.Invoke(ctx, "/svc.Svc/Get", in, out) // budget: none
}

// Given may use either: not a retry site, so no budget.
func Given(ctx context.Context, conn *grpc.ClientConn, in, out any) error {
	return conn.Invoke(ctx, "/svc.Svc/Get", in, out)
}
