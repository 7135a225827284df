// Package reconnect holds reconnect loops: a stream re-opened on any
// error is a retry of the open, for the permanent-code and cancel
// checks, though the loop also goes round after the stream ends.
package reconnect

import (
	"context"
	"log"
	"time"

	"google.golang.org/grpc/codes"
	testpb "google.golang.org/grpc/interop/grpc_testing"
	"google.golang.org/grpc/status"
)

func consume(stream testpb.TestService_StreamingOutputCallClient) {
	for {
		resp, err := stream.Recv()
		if err != nil {
			return
		}
		log.Print(len(resp.GetPayload().GetBody()))
	}
}

// watch re-opens the stream on every error, Unimplemented and
// PermissionDenied too, and waits with a sleep ctx cannot cut short.
func watch(ctx context.Context, tc testpb.TestServiceClient) {
	req := &testpb.StreamingOutputCallRequest{}
	for {
		stream, err := tc.StreamingOutputCall(ctx, req) // want `reconnect loop retries every error of the gRPC call TestServiceClient.StreamingOutputCall without looking at status.Code\(err\): NotFound or InvalidArgument comes back the same on every attempt, so it costs further attempts; retry only codes.Unavailable`
		if err != nil {
			log.Printf("stream: %v", err)
			time.Sleep(5 * time.Second) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for further attempts, each wait up to 5s; wait in a select on ctx.Done\(\) and return ctx.Err\(\)`
			continue
		}
		for {
			resp, err := stream.Recv()
			if err != nil {
				break
			}
			log.Print(len(resp.GetPayload().GetBody()))
		}
	}
}

// watchLeaves is its twin: it leaves on every code but Unavailable,
// and waits in a select on ctx.Done().
func watchLeaves(ctx context.Context, tc testpb.TestServiceClient) error {
	req := &testpb.StreamingOutputCallRequest{}
	for {
		stream, err := tc.StreamingOutputCall(ctx, req)
		if err != nil {
			if status.Code(err) != codes.Unavailable {
				return err
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(5 * time.Second):
			}
			continue
		}
		for {
			if _, err := stream.Recv(); err != nil {
				break
			}
		}
	}
}

// watchHelper reads the stream in a helper: the loop does not read what
// it opened, and the only wait is shared with success. Not a reconnect
// loop as far as the analyzer sees, and quiet.
func watchHelper(ctx context.Context, tc testpb.TestServiceClient) {
	for {
		stream, err := tc.StreamingOutputCall(ctx, &testpb.StreamingOutputCallRequest{})
		if err == nil {
			consume(stream)
		}
		time.Sleep(time.Second)
	}
}

// watchStops leaves on its context's error and on every permanent code
// it names: quiet.
func watchStops(ctx context.Context, tc testpb.TestServiceClient) error {
	for {
		stream, err := tc.StreamingOutputCall(ctx, &testpb.StreamingOutputCallRequest{})
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if c := status.Code(err); c == codes.NotFound || c == codes.PermissionDenied || c == codes.Unimplemented ||
				c == codes.InvalidArgument || c == codes.Unauthenticated || c == codes.FailedPrecondition ||
				c == codes.AlreadyExists || c == codes.OutOfRange {
				return err
			}
			time.Sleep(time.Second)
			continue
		}
		for {
			if _, err := stream.Recv(); err != nil {
				break
			}
		}
	}
}
