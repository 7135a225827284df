// Package resolveuse calls the retries of package resolve under a
// deadline.
package resolveuse

import (
	"context"
	"time"

	"example.com/retrybudgettest/resolve"
)

// Each attempt of Resolve is a DNS lookup, bounded by the resolver: no
// finding.
func peer(ctx context.Context) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return resolve.Resolve(ctx, "peer.internal:2380")
}

// Fetch's attempts end in an HTTP call with no timeout.
func health(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return resolve.Fetch(ctx, "peer.internal", "http://peer.internal/health") // want `resolve.Fetch's retry .* have no timeout of their own under a 30s deadline`
}
