// Package grpcmixed has two channels, one throttled and one not: which
// one a call uses is not tracked, so its budget is not known.
package grpcmixed

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

const throttled = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}],
  "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}}`

const plain = `{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

// Dial returns the two channels.
func Dial() (a, b *grpc.ClientConn, err error) {
	creds := grpc.WithTransportCredentials(insecure.NewCredentials())
	if a, err = grpc.NewClient("a:443", creds, grpc.WithDefaultServiceConfig(throttled)); err != nil {
		return nil, nil, err
	}
	b, err = grpc.NewClient("b:443", creds, grpc.WithDefaultServiceConfig(plain))
	return a, b, err
}

// Call uses one of them.
func Call(ctx context.Context, conn *grpc.ClientConn, in, out any) error {
	return conn.Invoke(ctx, "/svc.Svc/Get", in, out) // budget: unknown
}
