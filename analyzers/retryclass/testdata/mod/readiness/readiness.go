// Package readiness holds waits for a gRPC server to come up, on the
// health service's Check and Watch, each beside its twin on a call that
// is no readiness probe (channelz's GetTopChannels).
package readiness

import (
	"context"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	channelzpb "google.golang.org/grpc/channelz/grpc_channelz_v1"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"k8s.io/client-go/util/retry"

	"example.com/retryclasstest/readiness/healthv1"
)

var (
	hreq = &healthpb.HealthCheckRequest{Service: "orders"}
	creq = &channelzpb.GetTopChannelsRequest{}
)

// waitServing waits for SERVING: a success that is not SERVING goes
// round too, so the recognizer reads it as no retry. Quiet.
func waitServing(ctx context.Context, hc healthpb.HealthClient) error {
	for {
		resp, err := hc.Check(ctx, hreq)
		if err == nil && resp.Status == healthpb.HealthCheckResponse_SERVING {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// waitHealthy goes round on every error of the health check until ctx
// ends: NotFound says the service has not registered yet. Quiet.
func waitHealthy(ctx context.Context, hc healthpb.HealthClient) error {
	for {
		if _, err := hc.Check(ctx, hreq); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// waitCopy waits on a copy of health.proto generated into the module:
// the same probe, known by its full method name. Quiet.
func waitCopy(ctx context.Context, hc healthv1.HealthClient) error {
	for {
		if _, err := hc.Check(ctx, &healthv1.HealthCheckRequest{Service: "orders"}); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// topChannels is its twin on a call that is no probe: NotFound does not
// change there.
func topChannels(ctx context.Context, cz channelzpb.ChannelzClient) error {
	for {
		if _, err := cz.GetTopChannels(ctx, creq); err == nil { // want `retry loop retries every error of the gRPC call ChannelzClient.GetTopChannels without looking at status.Code\(err\): NotFound or InvalidArgument comes back the same on every attempt, so it costs further attempts; retry only codes.Unavailable`
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// waitCounted gives up after 30 attempts, and waits for SERVING on
// success too (a periodic loop whose failure path retries). Quiet.
func waitCounted(ctx context.Context, hc healthpb.HealthClient) error {
	var err error
	for i := 0; i < 30; i++ {
		var resp *healthpb.HealthCheckResponse
		if resp, err = hc.Check(ctx, hreq); err != nil {
			time.Sleep(time.Second) // want `retry loop waits with time.Sleep and never checks ctx`
			continue
		}
		if resp.GetStatus() == healthpb.HealthCheckResponse_SERVING {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// check returns the health check's error as it is.
func check(ctx context.Context, hc healthpb.HealthClient) error {
	_, err := hc.Check(ctx, hreq)
	return err
}

// waitThrough makes the check through a helper of the package. Quiet.
func waitThrough(ctx context.Context, hc healthpb.HealthClient) error {
	var err error
	for i := 0; i < 10; i++ {
		if err = check(ctx, hc); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// waitNamed names NotFound among the codes it waits through: a pending
// code, named on purpose. Quiet.
func waitNamed(ctx context.Context, hc healthpb.HealthClient) error {
	for {
		_, err := hc.Check(ctx, hreq)
		switch status.Code(err) {
		case codes.OK:
			return nil
		case codes.Unavailable, codes.NotFound:
		default:
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// waitUnimplemented names Unimplemented too: a server without the
// health service answers it on every attempt.
func waitUnimplemented(ctx context.Context, hc healthpb.HealthClient) error {
	for {
		_, err := hc.Check(ctx, hreq)
		switch status.Code(err) {
		case codes.OK:
			return nil
		case codes.Unavailable, codes.NotFound, codes.Unimplemented: // want `retry loop retries codes.Unimplemented, which does not change on retry: each such failure costs further attempts; drop it from the retried codes`
		default:
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// waitDenied names PermissionDenied: only NotFound is pending.
func waitDenied(ctx context.Context, hc healthpb.HealthClient) error {
	for {
		_, err := hc.Check(ctx, hreq)
		switch status.Code(err) {
		case codes.OK:
			return nil
		case codes.Unavailable, codes.PermissionDenied: // want `retry loop retries codes.PermissionDenied, which does not change on retry`
		default:
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// retryable is a classifier of the package that lists Unimplemented
// with Unavailable.
func retryable(err error) bool {
	switch status.Code(err) {
	case codes.Unavailable, codes.NotFound, codes.Unimplemented:
		return true
	}
	return false
}

// waitListed puts Unimplemented with the codes it waits through, out of
// the loop's sight.
func waitListed(ctx context.Context, hc healthpb.HealthClient) error {
	var err error
	for i := 0; i < 10; i++ {
		if _, err = hc.Check(ctx, hreq); err == nil || !retryable(err) { // want `retry loop retries codes.Unimplemented, which does not change on retry \(err == nil \|\| !retryable\(err\) puts it with the codes it retries\)`
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// waitStops stops on Unimplemented and waits through every other code,
// as the health protocol asks of Watch. Quiet.
func waitStops(ctx context.Context, hc healthpb.HealthClient) error {
	for {
		_, err := hc.Check(ctx, hreq)
		if err == nil {
			return nil
		}
		if status.Code(err) == codes.Unimplemented {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// topChannelsStops is its twin on a call that is no probe.
func topChannelsStops(ctx context.Context, cz channelzpb.ChannelzClient) error {
	for {
		_, err := cz.GetTopChannels(ctx, creq)
		if err == nil {
			return nil
		}
		if status.Code(err) == codes.Unimplemented { // want `retry loop retries codes.InvalidArgument, which does not change on retry \(it stops on codes.Unimplemented only, the other permanent codes go round\)`
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// waitBackoff hands the check to backoff.Retry, every error retried.
// Quiet.
func waitBackoff(ctx context.Context, hc healthpb.HealthClient) error {
	return backoff.Retry(func() error {
		_, err := hc.Check(ctx, hreq)
		return err
	}, backoff.WithContext(backoff.NewConstantBackOff(time.Second), ctx))
}

// waitOnError's classifier says yes to NotFound with Unavailable. Quiet.
func waitOnError(ctx context.Context, hc healthpb.HealthClient) error {
	return retry.OnError(retry.DefaultBackoff, func(err error) bool {
		c := status.Code(err)
		return c == codes.Unavailable || c == codes.NotFound
	}, func() error {
		_, err := hc.Check(ctx, hreq)
		return err
	})
}

// waitOnErrorUnimplemented's classifier says yes to Unimplemented too.
func waitOnErrorUnimplemented(ctx context.Context, hc healthpb.HealthClient) error {
	return retry.OnError(retry.DefaultBackoff, func(err error) bool { // want `retry.OnError retries codes.Unimplemented, which does not change on retry \(its classifier says yes to it with codes.Unavailable\)`
		c := status.Code(err)
		return c == codes.Unavailable || c == codes.NotFound || c == codes.Unimplemented
	}, func() error {
		_, err := hc.Check(ctx, hreq)
		return err
	})
}

// waitOnErrorAllBut's classifier says yes to every code but
// Unimplemented. Quiet.
func waitOnErrorAllBut(ctx context.Context, hc healthpb.HealthClient) error {
	return retry.OnError(retry.DefaultBackoff, func(err error) bool {
		return status.Code(err) != codes.Unimplemented
	}, func() error {
		_, err := hc.Check(ctx, hreq)
		return err
	})
}

// topChannelsAllBut is its twin on a call that is no probe.
func topChannelsAllBut(ctx context.Context, cz channelzpb.ChannelzClient) error {
	return retry.OnError(retry.DefaultBackoff, func(err error) bool { // want `retry.OnError retries codes.InvalidArgument, which does not change on retry \(its classifier says yes to it with codes.Unavailable\)`
		return status.Code(err) != codes.Unimplemented
	}, func() error {
		_, err := cz.GetTopChannels(ctx, creq)
		return err
	})
}

// watch re-opens the health stream on every error until ctx ends.
// Quiet.
func watch(ctx context.Context, hc healthpb.HealthClient) error {
	for {
		stream, err := hc.Watch(ctx, hreq)
		if err != nil {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
		for {
			resp, err := stream.Recv()
			if err != nil {
				break
			}
			if resp.GetStatus() == healthpb.HealthCheckResponse_SERVING {
				return nil
			}
		}
	}
}

// watchUnimplemented re-opens it on the codes it names, Unimplemented
// among them.
func watchUnimplemented(ctx context.Context, hc healthpb.HealthClient) error {
	for {
		stream, err := hc.Watch(ctx, hreq)
		if err != nil {
			switch status.Code(err) {
			case codes.Unavailable, codes.Unimplemented: // want `reconnect loop retries codes.Unimplemented, which does not change on retry`
			default:
				return err
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
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

// checkThenList checks health, then makes the call it waited for, in one
// attempt: GetTopChannels's NotFound goes round too.
func checkThenList(ctx context.Context, hc healthpb.HealthClient, cz channelzpb.ChannelzClient) error {
	for i := 0; i < 5; i++ {
		if _, err := hc.Check(ctx, hreq); err != nil {
			time.Sleep(time.Second) // want `retry loop waits with time.Sleep and never checks ctx`
			continue
		}
		if _, err := cz.GetTopChannels(ctx, creq); err != nil { // want `retry loop retries every error of the gRPC call ChannelzClient.GetTopChannels without looking at status.Code\(err\): NotFound or InvalidArgument comes back the same on every attempt, so it costs up to 4 more attempts;`
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return nil
}

// checkAndList makes both calls in one attempt, the check first: what
// goes round is GetTopChannels's error too.
func checkAndList(ctx context.Context, hc healthpb.HealthClient, cz channelzpb.ChannelzClient) error {
	for i := 0; i < 5; i++ {
		_, err := hc.Check(ctx, hreq)
		if err == nil {
			_, err = cz.GetTopChannels(ctx, creq) // want `retry loop retries every error of the gRPC call ChannelzClient.GetTopChannels without looking at status.Code\(err\)`
		}
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil
}
