package libs

import (
	"time"

	cenkalti "github.com/cenkalti/backoff/v4"
)

// A cenkalti ExponentialBackOff built as a literal leaves MaxElapsedTime
// 0: it never stops (the 15 minutes are NewExponentialBackOff's).
func literalBackoff() error {
	b := &cenkalti.ExponentialBackOff{
		InitialInterval:     500 * time.Millisecond,
		RandomizationFactor: 0.5,
		Multiplier:          1.5,
		MaxInterval:         30 * time.Second,
		Stop:                cenkalti.Stop,
		Clock:               cenkalti.SystemClock,
	}
	return cenkalti.Retry(op, b) // want `backoff.Retry has no attempt limit, no elapsed-time limit and no cancellation \(cenkalti.ExponentialBackOff\{...\}\)`
}

// Twins: the literal sets a limit, or the code sets one after it.
func literalBackoffLimited() error {
	b := &cenkalti.ExponentialBackOff{
		InitialInterval:     500 * time.Millisecond,
		RandomizationFactor: 0.5,
		Multiplier:          1.5,
		MaxInterval:         30 * time.Second,
		MaxElapsedTime:      5 * time.Minute,
		Stop:                cenkalti.Stop,
		Clock:               cenkalti.SystemClock,
	}
	return cenkalti.Retry(op, b)
}

func literalBackoffLimitedLater() error {
	b := &cenkalti.ExponentialBackOff{
		InitialInterval:     500 * time.Millisecond,
		RandomizationFactor: 0.5,
		Multiplier:          1.5,
		MaxInterval:         30 * time.Second,
		Stop:                cenkalti.Stop,
		Clock:               cenkalti.SystemClock,
	}
	b.MaxElapsedTime = 2 * time.Minute
	return cenkalti.Retry(op, b)
}

// A literal handed to a helper may get its limit there: not judged.
func applyLimit(b *cenkalti.ExponentialBackOff, limit time.Duration) { b.MaxElapsedTime = limit }

func literalBackoffConfigured(limit time.Duration) error {
	b := &cenkalti.ExponentialBackOff{
		InitialInterval:     500 * time.Millisecond,
		RandomizationFactor: 0.5,
		Multiplier:          1.5,
		MaxInterval:         30 * time.Second,
		Stop:                cenkalti.Stop,
		Clock:               cenkalti.SystemClock,
	}
	applyLimit(b, limit)
	return cenkalti.Retry(op, b)
}
