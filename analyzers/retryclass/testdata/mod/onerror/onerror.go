// Package onerror holds client-go retry.OnError calls, whose classifier
// (argument 1) decides which errors of the operation go round.
package onerror

import (
	"context"

	channelzpb "google.golang.org/grpc/channelz/grpc_channelz_v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/net"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"

	"example.com/retryclasstest/onerror/lib"
)

// Store stands for a Kubernetes client: its errors are API statuses.
type Store interface {
	Update(ctx context.Context, name string) error
}

// The classifier stops on 400 alone: a 403, 404 or 422 goes round.
func patch(ctx context.Context, s Store, name string) error {
	return retry.OnError(retry.DefaultBackoff, func(err error) bool { // want `retry.OnError retries HTTP 4xx responses such as 404 \(its classifier stops on 400 only, the other 4xx go round\): a client error does not change on retry, so each costs up to 3 more attempts over 310ms; stop on 4xx other than 408, 425 and 429 \(return false for them\)`
		return !apierrors.IsBadRequest(err)
	}, func() error {
		return s.Update(ctx, name)
	})
}

// The twin that retries only what the server may answer otherwise.
func patchTransient(ctx context.Context, s Store, name string) error {
	backoff := wait.Backoff{Steps: 5, Duration: 100 * 1e6, Factor: 2}
	return retry.OnError(backoff, func(err error) bool {
		return apierrors.IsServerTimeout(err) || apierrors.IsTooManyRequests(err) || net.IsConnectionReset(err)
	}, func() error {
		return s.Update(ctx, name)
	})
}

// A predicate handed by name that names one status: conflicts go round
// on purpose.
func update(ctx context.Context, s Store, name string) error {
	return retry.OnError(retry.DefaultBackoff, apierrors.IsConflict, func() error {
		return s.Update(ctx, name)
	})
}

// Waiting for a resource to appear: NotFound goes round on purpose.
func awaitCreated(ctx context.Context, s Store, name string) error {
	return retry.OnError(retry.DefaultBackoff, apierrors.IsNotFound, func() error {
		return s.Update(ctx, name)
	})
}

// RetryOnConflict asks apierrors.IsConflict itself.
func updateOnConflict(ctx context.Context, s Store, name string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return s.Update(ctx, name)
	})
}

// retryable is a classifier of the package: it stops on 404 alone.
func retryable(err error) bool {
	return !apierrors.IsNotFound(err)
}

func remove(ctx context.Context, s Store, name string) error {
	return retry.OnError(retry.DefaultBackoff, retryable, func() error { // want `retry.OnError retries HTTP 4xx responses such as 400 \(classifier retryable stops on 404 only, the other 4xx go round\)`
		return s.Update(ctx, name)
	})
}

// Another package's classifier, read through its fact.
func label(ctx context.Context, s Store, name string) error {
	return retry.OnError(retry.DefaultBackoff, lib.RetryUnlessForbidden, func() error { // want `retry.OnError retries HTTP 4xx responses such as 404 \(classifier lib.RetryUnlessForbidden stops on 403 only, the other 4xx go round\)`
		return s.Update(ctx, name)
	})
}

func labelTransient(ctx context.Context, s Store, name string) error {
	return retry.OnError(retry.DefaultBackoff, lib.Transient, func() error {
		return s.Update(ctx, name)
	})
}

// A classifier the caller hands in is not read.
func annotate(ctx context.Context, s Store, name string, retriable func(error) bool) error {
	return retry.OnError(retry.DefaultBackoff, retriable, func() error {
		return s.Update(ctx, name)
	})
}

// A classifier that says yes to everything leaves the decision to the
// operation: every code of the gRPC call goes round.
func topChannels(ctx context.Context, cz channelzpb.ChannelzClient) error {
	return retry.OnError(retry.DefaultBackoff, func(error) bool { return true }, func() error {
		_, err := cz.GetTopChannels(ctx, &channelzpb.GetTopChannelsRequest{}) // want `retry.OnError retries every error of the gRPC call ChannelzClient.GetTopChannels without looking at status.Code\(err\): NotFound or InvalidArgument comes back the same on every attempt`
		return err
	})
}

// The twin that retries UNAVAILABLE alone.
func topChannelsUnavailable(ctx context.Context, cz channelzpb.ChannelzClient) error {
	return retry.OnError(retry.DefaultBackoff, func(err error) bool { return status.Code(err) == codes.Unavailable }, func() error {
		_, err := cz.GetTopChannels(ctx, &channelzpb.GetTopChannelsRequest{})
		return err
	})
}

// A classifier that lists NotFound with Unavailable.
func topChannelsNotFound(ctx context.Context, cz channelzpb.ChannelzClient) error {
	return retry.OnError(retry.DefaultBackoff, func(err error) bool { // want `retry.OnError retries codes.NotFound, which does not change on retry \(its classifier says yes to it with codes.Unavailable\)`
		c := status.Code(err)
		return c == codes.Unavailable || c == codes.NotFound
	}, func() error {
		_, err := cz.GetTopChannels(ctx, &channelzpb.GetTopChannelsRequest{})
		return err
	})
}

// A classifier that says yes to everything, around an operation the
// analyzer cannot see into: quiet, as retry.Do(op) is.
func touch(ctx context.Context, s Store, name string) error {
	return retry.OnError(retry.DefaultBackoff, func(error) bool { return true }, func() error {
		return s.Update(ctx, name)
	})
}
