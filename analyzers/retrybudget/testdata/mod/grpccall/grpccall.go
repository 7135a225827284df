// Package grpccall makes gRPC calls that the channel's service config
// retries, under a deadline: grpc-go's retries have no per-attempt
// timeout, so one hung attempt uses the whole deadline.
package grpccall

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

const config = `{"methodConfig": [{"name": [{"service": "grpc.health.v1.Health"}],
  "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s",
    "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}],
  "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}}`

func dial(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(config))
}

// client keeps the channel's stub in an unexported field, written only
// here: its calls are traced to the channel and its service config.
type client struct{ health healthpb.HealthClient }

func newClient(target string) (*client, error) {
	conn, err := dial(target)
	if err != nil {
		return nil, err
	}
	return &client{health: healthpb.NewHealthClient(conn)}, nil
}

func (c *client) check(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	_, err := c.health.Check(ctx, &healthpb.HealthCheckRequest{}) // want `retry's attempts have no timeout of their own under a 3s deadline: a first attempt that hangs uses the whole budget and no retry runs; grpc-go's own retries \(the service config's retryPolicy\) run on the call's one deadline with no per-attempt timeout: retry in go-grpc-middleware's retry interceptor with retry.WithPerRetryTimeout instead of the service config's retryPolicy`
	return err
}

// The call on the caller's context, summarized for callers.
func (c *client) checkOn(ctx context.Context) error { // want checkOn:`budget\(ctx 0, HealthClient.Check `
	_, err := c.health.Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}

func (c *client) caller(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	return c.checkOn(ctx) // want `checkOn's retry \(.*\)'s attempts have no timeout of their own under a 3s deadline: .*retry.WithPerRetryTimeout`
}

// The twin: a client from a parameter may be on any channel, one whose
// service config retries or not, so its call is no retry here.
func checkGiven(ctx context.Context, c healthpb.HealthClient) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	_, err := c.Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}
