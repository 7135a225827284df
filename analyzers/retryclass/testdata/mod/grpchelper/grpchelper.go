// Package grpchelper makes its gRPC calls through helpers of its own
// and retries a stream's Recv.
package grpchelper

import (
	"context"
	"errors"
	"fmt"
	"time"

	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
)

type client struct {
	health healthpb.HealthClient
}

// check returns the gRPC call's error as it is.
func (c *client) check(ctx context.Context) error {
	_, err := c.health.Check(ctx, &healthpb.HealthCheckRequest{Service: "orders"})
	return err
}

// serving goes one call further down, and returns the response too.
func (c *client) serving(ctx context.Context) (bool, error) {
	resp, err := c.health.Check(ctx, &healthpb.HealthCheckRequest{})
	if err != nil {
		return false, err
	}
	return resp.GetStatus() == healthpb.HealthCheckResponse_SERVING, nil
}

func (c *client) ready(ctx context.Context) error {
	ok, err := c.serving(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	return nil
}

var errDown = errors.New("not serving")

// checkWrapped makes errors of its own: not read as the gRPC call.
func (c *client) checkWrapped(ctx context.Context) error {
	resp, err := c.health.Check(ctx, &healthpb.HealthCheckRequest{})
	if err != nil {
		return fmt.Errorf("health: %v", err)
	}
	if resp.GetStatus() != healthpb.HealthCheckResponse_SERVING {
		return errDown
	}
	return nil
}

func waitHealthy(ctx context.Context, c *client) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.check(ctx); err == nil { // want `retry loop retries every error of the gRPC call HealthClient.Check through client.check without looking at status.Code\(err\): NotFound or InvalidArgument comes back the same on every attempt, so it costs up to 4 more attempts over 4s; retry only codes.Unavailable`
			return nil
		}
		time.Sleep(time.Second) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 4 more attempts over 4s`
	}
	return err
}

func waitReady(ctx context.Context, c *client) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.ready(ctx); err == nil { // want `retry loop retries every error of the gRPC call HealthClient.Check through client.ready without looking at status.Code\(err\)`
			return nil
		}
		time.Sleep(time.Second) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 4 more attempts over 4s`
	}
	return err
}

// waitHealthyCode is the twin: it stops on every code but Unavailable.
func waitHealthyCode(ctx context.Context, c *client) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.check(ctx); err == nil {
			return nil
		}
		if status.Code(err) != codes.Unavailable {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// waitWrapped retries an operation whose errors are its own: quiet.
func waitWrapped(ctx context.Context, c *client) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.checkWrapped(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 4 more attempts over 4s`
	}
	return err
}

// next retries Recv on a stream that failed: a failed stream returns
// the same error from every Recv.
func next(stream healthpb.Health_WatchClient) (*healthpb.HealthCheckResponse, error) {
	var err error
	for i := 0; i < 3; i++ {
		resp, rerr := stream.Recv() // want `retry loop retries every error of the gRPC call .*Recv without looking at status.Code\(err\)`
		if rerr == nil {
			return resp, nil
		}
		err = rerr
		time.Sleep(time.Second)
	}
	return nil, err
}

// nextCode is the twin: it gives up on every code but Unavailable.
func nextCode(stream healthpb.Health_WatchClient) (*healthpb.HealthCheckResponse, error) {
	var err error
	for i := 0; i < 3; i++ {
		resp, rerr := stream.Recv()
		if rerr == nil {
			return resp, nil
		}
		if status.Code(rerr) != codes.Unavailable {
			return nil, rerr
		}
		err = rerr
		time.Sleep(time.Second)
	}
	return nil, err
}
