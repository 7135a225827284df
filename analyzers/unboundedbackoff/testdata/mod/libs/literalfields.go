package libs

import (
	"context"
	"time"

	cenkalti "github.com/cenkalti/backoff/v4"
	"k8s.io/apimachinery/pkg/util/wait"
)

// A policy whose jitter is switched off by a field of its literal: the
// message quotes the field as written, not the node that holds it.

func startWithZeroJitter(ctx context.Context) error {
	steps := wait.Backoff{Duration: 100 * time.Millisecond, Factor: 2, Jitter: 0, Steps: 10, Cap: time.Minute}
	return wait.ExponentialBackoffWithContext(ctx, steps, func(context.Context) (bool, error) { // want `wait.ExponentialBackoffWithContext waits a growing delay with no jitter \(Jitter: 0\): clients that failed together retry together; set Jitter`
		return op() == nil, nil
	})
}

func retryWithZeroRandomization() error {
	b := &cenkalti.ExponentialBackOff{
		InitialInterval:     time.Second,
		RandomizationFactor: 0,
		Multiplier:          2,
		MaxInterval:         10 * time.Second,
		MaxElapsedTime:      10 * time.Minute,
		Stop:                cenkalti.Stop,
		Clock:               cenkalti.SystemClock,
	}
	return cenkalti.Retry(op, b) // want `backoff.Retry waits a growing delay with no jitter \(RandomizationFactor: 0\)`
}

// A policy kept in a table of policies: its literal spells no type, the
// message names the one the table gives it.
var stepsFor = map[string]wait.Backoff{
	"flaky": {Duration: 100 * time.Millisecond, Factor: 2, Steps: 10, Cap: time.Minute},
}

func startFromTable(ctx context.Context) error {
	return wait.ExponentialBackoffWithContext(ctx, stepsFor["flaky"], func(context.Context) (bool, error) { // want `wait.ExponentialBackoffWithContext waits a growing delay with no jitter \(wait.Backoff\{\.\.\.\}\)`
		return op() == nil, nil
	})
}

// Twins: the same literals with their jitter left on.

func startWithJitter(ctx context.Context) error {
	steps := wait.Backoff{Duration: 100 * time.Millisecond, Factor: 2, Jitter: 0.2, Steps: 10, Cap: time.Minute}
	return wait.ExponentialBackoffWithContext(ctx, steps, func(context.Context) (bool, error) {
		return op() == nil, nil
	})
}

func retryWithRandomization() error {
	b := &cenkalti.ExponentialBackOff{
		InitialInterval:     time.Second,
		RandomizationFactor: 0.5,
		Multiplier:          2,
		MaxInterval:         10 * time.Second,
		MaxElapsedTime:      10 * time.Minute,
		Stop:                cenkalti.Stop,
		Clock:               cenkalti.SystemClock,
	}
	return cenkalti.Retry(op, b)
}

var calmStepsFor = map[string]wait.Backoff{
	"flaky": {Duration: 100 * time.Millisecond, Factor: 2, Jitter: 0.2, Steps: 10, Cap: time.Minute},
}

func startFromTableCalm(ctx context.Context) error {
	return wait.ExponentialBackoffWithContext(ctx, calmStepsFor["flaky"], func(context.Context) (bool, error) {
		return op() == nil, nil
	})
}
