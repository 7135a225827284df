// Package stop builds cenkalti backoffs as struct literals: v4's
// ExponentialBackOff returns its Stop field once MaxElapsedTime has
// passed, and a literal that leaves Stop at zero makes backoff.Retry spin.
package stop

import (
	"context"
	"example.com/unboundedbackofftest/remote"
	"time"

	backoff "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
)

func op() error { return remote.Call() }

func noStop() error {
	b := &backoff.ExponentialBackOff{ // want `backoff.ExponentialBackOff\{...\} sets MaxElapsedTime but not Stop: after 10s NextBackOff returns 0 instead of backoff.Stop, so the retry goes on with no wait at all while the dependency is down; set Stop: backoff.Stop or build it with backoff.NewExponentialBackOff`
		InitialInterval:     500 * time.Millisecond,
		RandomizationFactor: 0.5,
		Multiplier:          1.5,
		MaxInterval:         5 * time.Second,
		MaxElapsedTime:      10 * time.Second,
		Clock:               backoff.SystemClock,
	}
	return backoff.Retry(op, b)
}

// The limit from a parameter: its value is not in the message.
func noStopLimit(limit time.Duration) error {
	var b = &backoff.ExponentialBackOff{InitialInterval: time.Second, RandomizationFactor: 0.5, Multiplier: 2, MaxInterval: time.Minute, MaxElapsedTime: limit, Clock: backoff.SystemClock} // want `after MaxElapsedTime NextBackOff returns 0`
	return backoff.Retry(op, b)
}

// The twins: Stop set in the literal, or later on the variable.
func withStop() error {
	b := &backoff.ExponentialBackOff{
		InitialInterval:     500 * time.Millisecond,
		RandomizationFactor: 0.5,
		Multiplier:          1.5,
		MaxInterval:         5 * time.Second,
		MaxElapsedTime:      10 * time.Second,
		Stop:                backoff.Stop,
		Clock:               backoff.SystemClock,
	}
	return backoff.Retry(op, b)
}

func stopLater() error {
	b := &backoff.ExponentialBackOff{InitialInterval: time.Second, RandomizationFactor: 0.5, Multiplier: 2, MaxInterval: time.Minute, MaxElapsedTime: time.Minute, Clock: backoff.SystemClock}
	b.Stop = backoff.Stop
	return backoff.Retry(op, b)
}

// The constructor sets Stop; a limit set on its result is fine.
func constructed() error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 10 * time.Second
	return backoff.Retry(op, b)
}

// No limit: NextBackOff never returns Stop, so nothing spins (the
// context ends the retry).
func noLimit(ctx context.Context) error {
	b := &backoff.ExponentialBackOff{InitialInterval: time.Second, RandomizationFactor: 0.5, Multiplier: 2, MaxInterval: time.Minute, Clock: backoff.SystemClock}
	return backoff.Retry(op, backoff.WithContext(b, ctx))
}

// v5 keeps the elapsed-time limit on Retry: its ExponentialBackOff has no
// Stop field and no trap.
func v5(ctx context.Context) error {
	b := &backoff5.ExponentialBackOff{InitialInterval: time.Second, RandomizationFactor: 0.5, Multiplier: 2, MaxInterval: time.Minute}
	_, err := backoff5.Retry(ctx, func() (int, error) { return 0, op() }, backoff5.WithBackOff(b), backoff5.WithMaxElapsedTime(10*time.Second))
	return err
}
