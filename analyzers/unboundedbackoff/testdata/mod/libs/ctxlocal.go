package libs

import (
	"context"
	"time"

	avast "github.com/avast/retry-go/v4"
	cenkalti5 "github.com/cenkalti/backoff/v5"
	sethvargo "github.com/sethvargo/go-retry"
)

// A context that is never done bounds nothing, whether it is written in
// the call or held in a local first: each finding beside the context
// that can end.

type tenantKey struct{}

func jittered() sethvargo.Backoff {
	return sethvargo.WithJitterPercent(10, sethvargo.NewConstant(time.Second))
}

func sethBackgroundLocal() error {
	ctx := context.Background()
	return sethvargo.Do(ctx, jittered(), func(context.Context) error { // want `retry.Do has no attempt limit, no elapsed-time limit and no cancellation: it retries forever`
		return sethvargo.RetryableError(op())
	})
}

// A value added to context.Background() adds no end.
func sethValueLocal() error {
	ctx := context.WithValue(context.Background(), tenantKey{}, "t1")
	return sethvargo.Do(ctx, jittered(), func(context.Context) error { // want `retry.Do has no attempt limit, no elapsed-time limit and no cancellation: it retries forever`
		return sethvargo.RetryableError(op())
	})
}

// context.WithoutCancel drops the caller's deadline and cancellation.
func sethDetached(ctx context.Context) error {
	dctx := context.WithoutCancel(ctx)
	return sethvargo.Do(dctx, jittered(), func(context.Context) error { // want `retry.Do has no attempt limit, no elapsed-time limit and no cancellation: it retries forever`
		return sethvargo.RetryableError(op())
	})
}

// The twins: the caller's context, a local that one path gives a
// deadline, and one whose cancel another goroutine calls may end. Quiet.
func sethParam(ctx context.Context) error {
	return sethvargo.Do(ctx, jittered(), func(context.Context) error {
		return sethvargo.RetryableError(op())
	})
}

func sethMaybeTimeout(d time.Duration) error {
	ctx := context.Background()
	if d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	return sethvargo.Do(ctx, jittered(), func(context.Context) error {
		return sethvargo.RetryableError(op())
	})
}

func sethCancelled(stop <-chan struct{}) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-stop
		cancel()
	}()
	return sethvargo.Do(ctx, jittered(), func(context.Context) error {
		return sethvargo.RetryableError(op())
	})
}

// cenkalti/backoff v5 takes its context first; WithMaxElapsedTime(0)
// removes its 15 minute limit.
func v5BackgroundLocal() (string, error) {
	ctx := context.Background()
	return cenkalti5.Retry(ctx, func() (string, error) { return "", op() }, cenkalti5.WithMaxElapsedTime(0)) // want `backoff.Retry has no attempt limit, no elapsed-time limit and no cancellation \(cenkalti5.WithMaxElapsedTime\(0\)\)`
}

func v5Param(ctx context.Context) (string, error) {
	return cenkalti5.Retry(ctx, func() (string, error) { return "", op() }, cenkalti5.WithMaxElapsedTime(0))
}

// avast/retry-go's context option, given a local that holds
// context.Background(), and the twin given the caller's.
func avastBackgroundLocal() error {
	bg := context.Background()
	return avast.Do(op, avast.Attempts(0), avast.Context(bg), avast.MaxDelay(time.Minute)) // want `retry.Do has no attempt limit, no elapsed-time limit and no cancellation \(avast.Attempts\(0\)\)`
}

func avastParam(ctx context.Context) error {
	return avast.Do(op, avast.Attempts(0), avast.Context(ctx), avast.MaxDelay(time.Minute))
}
