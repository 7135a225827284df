// Package reconnect holds reconnect loops: a stream re-opened on any
// error is a retry of the open, for the permanent-code and cancel
// checks, though the loop also goes round after the stream ends.
package reconnect

import (
	"context"
	"log"
	"time"

	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
)

func consume(stream healthpb.Health_WatchClient) {
	for {
		resp, err := stream.Recv()
		if err != nil {
			return
		}
		log.Print(resp.GetStatus())
	}
}

// watch re-opens the stream on every error, Unimplemented and
// PermissionDenied too, and waits with a sleep ctx cannot cut short.
func watch(ctx context.Context, hc healthpb.HealthClient) {
	req := &healthpb.HealthCheckRequest{Service: "orders"}
	for {
		stream, err := hc.Watch(ctx, req) // want `reconnect loop retries every error of the gRPC call HealthClient.Watch without looking at status.Code\(err\): NotFound or InvalidArgument comes back the same on every attempt, so it costs further attempts; retry only codes.Unavailable`
		if err != nil {
			log.Printf("watch: %v", err)
			time.Sleep(5 * time.Second) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for further attempts, each wait up to 5s; wait in a select on ctx.Done\(\) and return ctx.Err\(\)`
			continue
		}
		for {
			resp, err := stream.Recv()
			if err != nil {
				break
			}
			log.Print(resp.GetStatus())
		}
	}
}

// watchLeaves is its twin: it leaves on every code but Unavailable,
// and waits in a select on ctx.Done().
func watchLeaves(ctx context.Context, hc healthpb.HealthClient) error {
	req := &healthpb.HealthCheckRequest{Service: "orders"}
	for {
		stream, err := hc.Watch(ctx, req)
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
func watchHelper(ctx context.Context, hc healthpb.HealthClient) {
	for {
		stream, err := hc.Watch(ctx, &healthpb.HealthCheckRequest{})
		if err == nil {
			consume(stream)
		}
		time.Sleep(time.Second)
	}
}

// watchStops leaves on its context's error and on every permanent code
// it names: quiet.
func watchStops(ctx context.Context, hc healthpb.HealthClient) error {
	for {
		stream, err := hc.Watch(ctx, &healthpb.HealthCheckRequest{})
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
