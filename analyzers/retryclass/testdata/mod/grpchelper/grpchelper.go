// Package grpchelper makes its gRPC calls through helpers of its own
// and retries a stream's Recv.
package grpchelper

import (
	"context"
	"errors"
	"fmt"
	"time"

	channelzpb "google.golang.org/grpc/channelz/grpc_channelz_v1"
	"google.golang.org/grpc/codes"
	testpb "google.golang.org/grpc/interop/grpc_testing"
	"google.golang.org/grpc/status"
)

type client struct {
	channelz channelzpb.ChannelzClient
}

// check returns the gRPC call's error as it is.
func (c *client) check(ctx context.Context) error {
	_, err := c.channelz.GetServer(ctx, &channelzpb.GetServerRequest{ServerId: 1})
	return err
}

// listening goes one call further down, and returns the response too.
func (c *client) listening(ctx context.Context) (bool, error) {
	resp, err := c.channelz.GetServer(ctx, &channelzpb.GetServerRequest{ServerId: 1})
	if err != nil {
		return false, err
	}
	return len(resp.GetServer().GetListenSocket()) > 0, nil
}

func (c *client) ready(ctx context.Context) error {
	ok, err := c.listening(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return nil
	}
	return nil
}

var errDown = errors.New("not listening")

// checkWrapped makes errors of its own: not read as the gRPC call.
func (c *client) checkWrapped(ctx context.Context) error {
	resp, err := c.channelz.GetServer(ctx, &channelzpb.GetServerRequest{ServerId: 1})
	if err != nil {
		return fmt.Errorf("channelz: %v", err)
	}
	if len(resp.GetServer().GetListenSocket()) == 0 {
		return errDown
	}
	return nil
}

func lookup(ctx context.Context, c *client) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.check(ctx); err == nil { // want `retry loop retries every error of the gRPC call ChannelzClient.GetServer through client.check without looking at status.Code\(err\): NotFound or InvalidArgument comes back the same on every attempt, so it costs up to 4 more attempts over 4s; retry only codes.Unavailable`
			return nil
		}
		time.Sleep(time.Second) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 4 more attempts over 4s`
	}
	return err
}

func lookupListening(ctx context.Context, c *client) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.ready(ctx); err == nil { // want `retry loop retries every error of the gRPC call ChannelzClient.GetServer through client.ready without looking at status.Code\(err\)`
			return nil
		}
		time.Sleep(time.Second) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 4 more attempts over 4s`
	}
	return err
}

// lookupCode is the twin: it stops on every code but Unavailable.
func lookupCode(ctx context.Context, c *client) error {
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

// lookupWrapped retries an operation whose errors are its own: quiet.
func lookupWrapped(ctx context.Context, c *client) error {
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
func next(stream testpb.TestService_StreamingOutputCallClient) (*testpb.StreamingOutputCallResponse, error) {
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
func nextCode(stream testpb.TestService_StreamingOutputCallClient) (*testpb.StreamingOutputCallResponse, error) {
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
