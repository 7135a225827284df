package budget

import (
	"context"
	"errors"
	"time"

	"github.com/avast/retry-go/v4"
)

// retry-go's delay types read the config's delay, 100ms unless
// retry.Delay sets it, whichever DelayType chooses them: the default
// policy written out (metal-api's conflict retries) waits 100ms doubling.

var errConflict = errors.New("conflict")

func update(ctx context.Context) error { return errConflict }

var conflictRetry = []retry.Option{
	retry.RetryIf(func(err error) bool { return errors.Is(err, errConflict) }),
	retry.DelayType(retry.CombineDelay(retry.BackOffDelay, retry.RandomDelay)),
	retry.LastErrorOnly(true),
}

// 10 x 500ms and 100ms doubling to 25.6s: 56.1s under 10s.
func updateSwitch(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	opts := append([]retry.Option{retry.Context(ctx), retry.Attempts(10)}, conflictRetry...)
	return retry.Do(func() error { // want `retry can take 10 x 500ms \+ 100ms \+ 200ms \+ 400ms \+ \.\.\. \+ 12.8s \+ 25.6s = 56.1s but its context has a 10s deadline: the eighth attempt never starts`
		actx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		defer cancel()
		return update(actx)
	}, opts...)
}

// The twin: 4 attempts, 4 x 500ms + 100ms + 200ms + 400ms = 2.7s, fits.
func updateSwitchFew(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	opts := append([]retry.Option{retry.Context(ctx), retry.Attempts(4)}, conflictRetry...)
	return retry.Do(func() error {
		actx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		defer cancel()
		return update(actx)
	}, opts...)
}

// FixedDelay waits the config's delay too: 9 x 100ms under 500ms, with
// attempts that have no timeout of their own.
func updateFixed(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	return retry.Do(func() error { // want `retry waits 10 x \? \+ 100ms \+ 100ms .* >= 900ms but its context has a 500ms deadline: the sixth attempt never starts`
		return update(ctx)
	}, retry.Context(ctx), retry.DelayType(retry.FixedDelay))
}

// Its twin sets the delay: 9 x 10ms fits, and each attempt has 40ms.
func updateFixedShort(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	return retry.Do(func() error {
		actx, cancel := context.WithTimeout(ctx, 40*time.Millisecond)
		defer cancel()
		return update(actx)
	}, retry.Context(ctx), retry.DelayType(retry.FixedDelay), retry.Delay(10*time.Millisecond))
}
