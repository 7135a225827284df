// Package external calls retry helpers of another module: their loops
// are not in the code being checked, so they are judged at the call.
package external

import (
	"context"
	"example.com/unboundedbackofftest/remote"
	"time"

	"example.com/resilience"
)

func ping() error { return remote.Call() }

func forever() {
	resilience.Forever(time.Second, ping) // want `resilience.Forever retries ping with no attempt limit, no elapsed-time limit and no cancellation`
}

func doubling() error {
	return resilience.Doubling(5, ping) // want `resilience.Doubling retries ping with no jitter`
}

// The jittered twin and the twin that ends with its context.
func jittered() error { return resilience.Jittered(5, ping) }

func until(ctx context.Context) error { return resilience.Until(ctx, time.Second, ping) }
