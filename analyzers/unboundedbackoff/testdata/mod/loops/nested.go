package loops

import (
	"context"
	"math/rand/v2"
	"time"

	"example.com/unboundedbackofftest/remote"
)

// An inner retry inside a walk of the backends, falling over to the next
// one when its attempts run out (maragudk/gai's robust embedder). The
// inner loop's counter test leads out of the inner loop and back into it
// only through the outer one: it is the inner retry's bound.

type fallback struct {
	backends    []string
	maxAttempts int
}

func (f *fallback) call(ctx context.Context) error {
	var last error
	for _, b := range f.backends {
		for attempt := 1; attempt <= f.maxAttempts; attempt++ {
			if last = remote.Start(b); last == nil {
				return nil
			}
			if attempt < f.maxAttempts {
				pause(ctx, attempt)
			}
		}
	}
	return last
}

// The same walk with no count in the inner retry: it never falls over,
// and retries forever.
func (f *fallback) callForever(ctx context.Context) error {
	for _, b := range f.backends {
		for { // want `retry loop has no attempt limit, no deadline and no cancellation`
			if err := remote.Start(b); err == nil {
				return nil
			}
			time.Sleep(time.Second) // want `retry delay has no jitter`
		}
	}
	return nil
}

// pause waits a jittered, capped delay unless ctx ends first.
func pause(ctx context.Context, attempt int) {
	select {
	case <-ctx.Done():
	case <-time.After(rand.N(min(30*time.Second, time.Second<<attempt))):
	}
}
