// Package wrapper calls retry wrappers that take no context with
// closures that captured one, each beside a look-alike that stops.
package wrapper

import (
	"context"
	"errors"
	"os"
	"time"

	"google.golang.org/grpc/channelz/grpc_channelz_v1"

	"example.com/retryclasstest/wrapper/lib"
)

var req = &grpc_channelz_v1.GetTopChannelsRequest{}

// retry looks at no context; its loop is not reported itself, the calls
// that hand it a closure using ctx are.
func retry(n int, f func() error) error {
	for i := 0; i < n; i++ {
		if err := f(); err == nil {
			return nil
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

// Same-package wrapper: 4 more attempts over 1+2+4+8s after the caller
// gave up.
func samepackage(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return retry(5, func() error { // want `retry retries a function that uses ctx but takes no context itself: after the caller gives up it goes on for up to 4 more attempts over 15s; give retry the context and return ctx.Err\(\) between attempts, or wait in a select on ctx.Done\(\)`
		_, err := cz.GetTopChannels(ctx, req)
		return err
	})
}

// Another package's wrapper, known from its fact.
func otherPackage(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	op := func() error {
		_, err := cz.GetTopChannels(ctx, req)
		return err
	}
	return lib.Retry(3, op) // want `lib.Retry retries a function that uses ctx but takes no context itself: after the caller gives up it goes on for up to 2 more attempts over 3s`
}

// twice hands its parameter on to retry: it looks at no context either.
func twice(f func() error) error { return retry(2, f) }

func through(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return twice(func() error { // want `twice retries a function that uses ctx but takes no context itself: after the caller gives up it goes on for up to 1 more attempt over 1s; give twice the context and hand it on to retry`
		_, err := cz.GetTopChannels(ctx, req)
		return err
	})
}

// The wrapper is given the context and checks it between attempts:
// quiet.
func givenCtx(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return lib.RetryCtx(ctx, 5, func() error {
		_, err := cz.GetTopChannels(ctx, req)
		return err
	})
}

// retrySelect waits in a select on the context it is given.
func retrySelect(ctx context.Context, n int, f func() error) error {
	for i := 0; i < n; i++ {
		if err := f(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second << i):
		}
	}
	return errors.New("gave up")
}

func selects(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return retrySelect(ctx, 5, func() error {
		_, err := cz.GetTopChannels(ctx, req)
		return err
	})
}

// retryStops takes no context but stops on a context error from f.
func retryStops(n int, f func() error) error {
	for i := 0; i < n; i++ {
		err := f()
		if err == nil {
			return nil
		}
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		time.Sleep(time.Second << i)
	}
	return errors.New("gave up")
}

func stops(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return retryStops(5, func() error {
		_, err := cz.GetTopChannels(ctx, req)
		return err
	})
}

// retryClassified stops where a classifier of the package says so; the
// classifier stops on the context's errors.
func retryClassified(n int, f func() error) error {
	for i := 0; i < n; i++ {
		err := f()
		if err == nil {
			return nil
		}
		if !transient(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func transient(err error) bool {
	return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}

func classified(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return retryClassified(5, func() error {
		_, err := cz.GetTopChannels(ctx, req)
		return err
	})
}

// retryIf asks a function it is given whether to go on: not known.
func retryIf(n int, f func() error, again func(error) bool) error {
	for i := 0; i < n; i++ {
		err := f()
		if err == nil || !again(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func asks(ctx context.Context, cz grpc_channelz_v1.ChannelzClient, again func(error) bool) error {
	return retryIf(5, func() error {
		_, err := cz.GetTopChannels(ctx, req)
		return err
	}, again)
}

// retryUntil waits in a select on a stop channel, which someone may
// close when the context is done.
func retryUntil(stop <-chan struct{}, n int, f func() error) error {
	for i := 0; i < n; i++ {
		if err := f(); err == nil {
			return nil
		}
		select {
		case <-stop:
			return errors.New("stopped")
		case <-time.After(time.Second):
		}
	}
	return errors.New("gave up")
}

func until(ctx context.Context, cz grpc_channelz_v1.ChannelzClient, stop <-chan struct{}) error {
	return retryUntil(stop, 5, func() error {
		_, err := cz.GetTopChannels(ctx, req)
		return err
	})
}

// The closure does local work with no context: quiet.
func local(ctx context.Context, path string) error {
	return retry(5, func() error { return os.Remove(path) })
}

// The caller has no context to give up: quiet.
func noContext(cz grpc_channelz_v1.ChannelzClient) error {
	return retry(5, func() error {
		_, err := cz.GetTopChannels(context.Background(), req)
		return err
	})
}

// The closure stops the wrapper itself once the context is done: quiet.
func closureChecks(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return retry(5, func() error {
		if ctx.Err() != nil {
			return nil
		}
		_, err := cz.GetTopChannels(ctx, req)
		return err
	})
}

// retryNow does not wait: once the context is done its attempts fail at
// once and it returns. Quiet.
func retryNow(n int, f func() error) error {
	var err error
	for range n {
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}

func now(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return retryNow(5, func() error {
		_, err := cz.GetTopChannels(ctx, req)
		return err
	})
}

// A wrapper of another package around retry-go, given no context.
func library(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return lib.Do(func() error { // want `lib.Do retries a function that uses ctx but takes no context itself: after the caller gives up it goes on for up to 3 more attempts over 3s; give lib.Do the context and hand it on to retry.Do`
		_, err := cz.GetTopChannels(ctx, req) // want `lib.Do retries every error of the gRPC call ChannelzClient.GetTopChannels without looking at status.Code\(err\)`
		return err
	})
}

// The same around a classifier, and around retry-go given the context:
// quiet for the context. lib.Do and lib.DoCtx hand the literal to
// retry.Do as its operation, with no classifier: every code of the call
// goes round, as in retry.Do(op) written here (permanent-code).
func libraryIf(ctx context.Context, cz grpc_channelz_v1.ChannelzClient, again func(error) bool) error {
	return lib.DoIf(func() error {
		_, err := cz.GetTopChannels(ctx, req)
		return err
	}, again)
}

func libraryCtx(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return lib.DoCtx(ctx, func() error {
		_, err := cz.GetTopChannels(ctx, req) // want `lib.DoCtx retries every error of the gRPC call ChannelzClient.GetTopChannels without looking at status.Code\(err\)`
		return err
	})
}
