// Package grpcsvc dials two channels, one with a service config whose
// retryPolicy makes up to 4 attempts of each call: a loop is a second
// layer only around a call made on that channel.
package grpcsvc

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

const retrying = `{"methodConfig": [{"name": [{"service": "grpc.health.v1.Health"}],
  "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s",
    "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

const timeoutOnly = `{"methodConfig": [{"name": [{"service": "grpc.health.v1.Health"}], "timeout": "2s"}]}`

var creds = grpc.WithTransportCredentials(insecure.NewCredentials())

// Clients holds a stub on each channel, in unexported fields written
// only by Dial.
type Clients struct {
	retrying, plain, timed healthpb.HealthClient
}

// Dial makes the three channels.
func Dial(target string) (*Clients, error) {
	r, err := grpc.NewClient(target, creds, grpc.WithDefaultServiceConfig(retrying))
	if err != nil {
		return nil, err
	}
	p, err := grpc.NewClient(target, creds)
	if err != nil {
		return nil, err
	}
	t, err := grpc.NewClient(target, creds, grpc.WithDefaultServiceConfig(timeoutOnly))
	if err != nil {
		return nil, err
	}
	return &Clients{retrying: healthpb.NewHealthClient(r), plain: healthpb.NewHealthClient(p), timed: healthpb.NewHealthClient(t)}, nil
}

// Check loops around the channel that retries: 3 x 4 calls.
func (c *Clients) Check(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps HealthClient.Check \(4 attempts\), which retries again: up to 12 calls per request \(3x4 via HealthClient.Check\); retry in one layer only`
		if _, err = c.retrying.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// CheckPlain loops around the other channel, dialed without a service
// config: one layer.
func (c *Clients) CheckPlain(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.plain.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// CheckTimed: a service config without a retryPolicy retries nothing.
func (c *Clients) CheckTimed(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.timed.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// CheckGiven: a client from a parameter may be on either channel; what
// its channel does is not known here, so it is one layer.
func CheckGiven(ctx context.Context, hc healthpb.HealthClient) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = hc.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Ping calls once on the retrying channel: a retrier for the callers of
// other packages.
func (c *Clients) Ping(ctx context.Context) error {
	_, err := c.retrying.Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}
