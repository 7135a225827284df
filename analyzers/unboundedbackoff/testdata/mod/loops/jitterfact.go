package loops

import (
	"context"
	"time"

	"example.com/unboundedbackofftest/randutil"
	"example.com/unboundedbackofftest/remote"
)

const maxRefreshDelay = time.Second

// Must not report: the delay adds a random share from another package's
// helper (rueidis's refreshRetryDelay with util.FastRand), seen through
// its fact.
func refreshJittered(ctx context.Context) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if remote.CallCtx(ctx) == nil {
			return
		}
		base := 1 << min(9, attempt)
		time.Sleep(min(maxRefreshDelay, time.Duration(base+randutil.FastRand(base))*time.Millisecond))
	}
}

// The twin adds a share that is not random: reported.
func refreshHalf(ctx context.Context) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if remote.CallCtx(ctx) == nil {
			return
		}
		base := 1 << min(9, attempt)
		time.Sleep(min(maxRefreshDelay, time.Duration(base+randutil.Half(base))*time.Millisecond)) // want `retry delay has no jitter`
	}
}

// A helper that calls a random source but returns what it was given:
// reported.
func refreshSpread(ctx context.Context, order []int) {
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if remote.CallCtx(ctx) == nil {
			return
		}
		base := 1 << min(9, attempt)
		time.Sleep(min(maxRefreshDelay, time.Duration(base+randutil.Spread(base, order))*time.Millisecond)) // want `retry delay has no jitter`
	}
}
