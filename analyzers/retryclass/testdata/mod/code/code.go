// Package code holds gRPC and AWS retries that go round on codes that
// will not change, each beside the look-alike that does not.
package code

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsretry "github.com/aws/aws-sdk-go-v2/aws/retry"
	backoff "github.com/cenkalti/backoff/v4"
	grpcretry "github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/channelz/grpc_channelz_v1"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

var errGone = errors.New("gone")

var req = &grpc_channelz_v1.GetTopChannelsRequest{}

// Every error of the call goes round, NotFound included.
func every(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 5; i++ {
		_, err = cz.GetTopChannels(ctx, req) // want `retry loop retries every error of the gRPC call ChannelzClient.GetTopChannels without looking at status.Code\(err\): NotFound or InvalidArgument comes back the same on every attempt, so it costs up to 4 more attempts over 4s; retry only codes.Unavailable \(and ResourceExhausted with backoff\)`
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Only Unavailable goes round: quiet.
func onlyUnavailable(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 5; i++ {
		_, err = cz.GetTopChannels(ctx, req)
		if err == nil {
			return nil
		}
		if status.Code(err) != codes.Unavailable {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// A switch naming a permanent code among those it retries.
func switched(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 5; i++ {
		_, err = cz.GetTopChannels(ctx, req)
		if err == nil {
			return nil
		}
		switch status.Code(err) {
		case codes.Unavailable, codes.NotFound: // want `retry loop retries codes.NotFound, which does not change on retry: each such failure costs up to 4 more attempts over 4s; drop it from the retried codes`
		default:
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// The same in an operation.
func switchedOperation(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return backoff.Retry(func() error {
		_, err := cz.GetTopChannels(ctx, req)
		switch status.Code(err) {
		case codes.OK:
			return nil
		case codes.Unavailable, codes.AlreadyExists: // want `backoff.Retry retries codes.AlreadyExists`
			return err
		}
		return backoff.Permanent(err)
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2), ctx))
}

// Through status.FromError and a variable: only transient codes, quiet.
func fromError(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 5; i++ {
		_, err = cz.GetTopChannels(ctx, req)
		if err == nil {
			return nil
		}
		st, ok := status.FromError(err)
		code := st.Code()
		if !ok || code != codes.Unavailable && code != codes.ResourceExhausted {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Looks at the code, stops on one permanent code and retries what it
// does not name: NotFound and PermissionDenied go round by default, as
// 404 does past a switch that names 400 (the status fixture); a
// cancelled call (codes.Canceled) goes round too.
func stopsOnSome(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 5; i++ {
		_, err = cz.GetTopChannels(ctx, req)
		if err == nil {
			return nil
		}
		if status.Code(err) == codes.InvalidArgument { // want `retry loop retries codes.NotFound, which does not change on retry \(it stops on codes.InvalidArgument only, the other permanent codes go round\)`
			return err
		}
		time.Sleep(time.Second) // want `retry loop waits with time.Sleep and never checks ctx`
	}
	return err
}

// A classifier decides: quiet.
func classified(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 5; i++ {
		_, err = cz.GetTopChannels(ctx, req)
		if err == nil || !transient(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func transient(err error) bool { return status.Code(err) == codes.Unavailable }

// An opaque operation, not a gRPC call: quiet.
func opaque(op func() error) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A library operation returning every gRPC error.
func operation(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return backoff.Retry(func() error {
		_, err := cz.GetTopChannels(ctx, req) // want `backoff.Retry retries every error of the gRPC call ChannelzClient.GetTopChannels`
		return err
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2), ctx))
}

func operationPermanent(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return backoff.Retry(func() error {
		_, err := cz.GetTopChannels(ctx, req)
		if status.Code(err) == codes.Unavailable {
			return err
		}
		return backoff.Permanent(err)
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2), ctx))
}

// Retry policies as data.
const serviceConfig = `{"methodConfig": [{"name": [{"service": "grpc.channelz.v1.Channelz"}],
  "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2,
    "retryableStatusCodes": ["UNAVAILABLE", "NOT_FOUND"]}}]}`

const goodConfig = `{"methodConfig": [{"name": [{"service": "grpc.channelz.v1.Channelz"}],
  "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2,
    "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func dial(target string) (*grpc.ClientConn, *grpc.ClientConn, error) {
	a, err := grpc.NewClient(target, grpc.WithDefaultServiceConfig(serviceConfig)) // want `service config retries NOT_FOUND \(retryableStatusCodes\), a code that does not change on retry: each such call is sent 4 times; list only UNAVAILABLE \(and RESOURCE_EXHAUSTED\)`
	if err != nil {
		return nil, nil, err
	}
	b, err := grpc.NewClient(target, grpc.WithDefaultServiceConfig(goodConfig))
	return a, b, err
}

// The same config on a channel dialed with grpc.WithDisableRetry(): it
// retries nothing.
func dialNoRetry(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithDefaultServiceConfig(serviceConfig), grpc.WithDisableRetry())
}

func interceptors() []grpc.UnaryClientInterceptor {
	return []grpc.UnaryClientInterceptor{
		grpcretry.UnaryClientInterceptor(grpcretry.WithMax(3), grpcretry.WithCodes(codes.Unavailable, codes.PermissionDenied)), // want `grpcretry.WithCodes retries codes.PermissionDenied, which does not change on retry: every such call is repeated until the attempts run out; keep only codes.Unavailable and codes.ResourceExhausted`
		grpcretry.UnaryClientInterceptor(grpcretry.WithMax(3), grpcretry.WithCodes(codes.Unavailable, codes.ResourceExhausted)),
	}
}

// AWS retryers made to retry what will not change.
func retryers() []aws.Retryer {
	return []aws.Retryer{
		awsretry.AddWithErrorCodes(awsretry.NewStandard(), "AccessDenied"), // want `awsretry.AddWithErrorCodes makes AccessDenied retryable, an error that does not change on retry: each such call is sent up to 3 times; remove it`
		awsretry.AddWithErrorCodes(awsretry.NewStandard(), "RequestLimitExceeded"),
		awsretry.NewStandard(func(o *awsretry.StandardOptions) {
			o.Retryables = append(o.Retryables, awsretry.IsErrorRetryableFunc(func(error) aws.Ternary { // want `retryable check returns aws.TrueTernary for every error`
				return aws.TrueTernary
			}))
		}),
		awsretry.NewStandard(func(o *awsretry.StandardOptions) {
			o.Retryables = append(o.Retryables, awsretry.IsErrorRetryableFunc(func(err error) aws.Ternary {
				if errors.Is(err, errGone) {
					return aws.TrueTernary
				}
				return aws.UnknownTernary
			}))
		}),
		always{awsretry.NewStandard()},
	}
}

// The count in the message is the retryer's: set in its option
// function, by AddWithMaxAttempts, or not known.
func counted(given aws.Retryer) []aws.Retryer {
	r := awsretry.NewStandard(func(o *awsretry.StandardOptions) { o.MaxAttempts = 5 })
	return []aws.Retryer{
		awsretry.AddWithErrorCodes(r, "AccessDeniedException"),                                             // want `awsretry.AddWithErrorCodes makes AccessDeniedException retryable, an error that does not change on retry: each such call is sent up to 5 times; remove it`
		awsretry.AddWithErrorCodes(awsretry.AddWithMaxAttempts(awsretry.NewStandard(), 4), "AccessDenied"), // want `each such call is sent up to 4 times`
		awsretry.AddWithErrorCodes(awsretry.NewStandard(sixAttempts), "AccessDenied"),                      // want `each such call is sent up to 6 times`
		awsretry.AddWithErrorCodes(awsretry.AddWithMaxAttempts(awsretry.NewStandard(), 0), "AccessDenied"), // want `each such call is sent with no attempt limit`
		awsretry.AddWithErrorCodes(given, "AccessDenied"),                                                  // want `each such call is sent as many times as the retryer allows`
		// One attempt: the code is retryable, and nothing is retried.
		awsretry.AddWithErrorCodes(awsretry.NewStandard(func(o *awsretry.StandardOptions) { o.MaxAttempts = 1 }), "AccessDenied"),
	}
}

func sixAttempts(o *awsretry.StandardOptions) { o.MaxAttempts = 6 }

type always struct{ aws.Retryer }

func (always) IsErrorRetryable(error) bool { return true } // want `IsErrorRetryable says yes to every error: the SDK retries validation and access errors too, up to its maximum attempts each; answer only for the errors this retryer knows`

// The switch that continues on the codes it retries and returns the rest.
func switchedContinue(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 5; i++ {
		_, err = cz.GetTopChannels(ctx, req)
		if err == nil {
			return nil
		}
		switch status.Code(err) {
		case codes.Unavailable, codes.FailedPrecondition: // want `retry loop retries codes.FailedPrecondition`
			time.Sleep(time.Second)
			continue
		}
		return err
	}
	return err
}
