package loops

import (
	"context"
	"math/rand/v2"
	"time"
)

// A loop that stops on ctx.Done() of a context that is never done
// (context.Background(), a value added to it) has no stop at all: the
// receive never fires, ctx.Err() is always nil.
func backgroundDone() error {
	ctx := context.Background()
	for { // want `retry loop has no attempt limit, no deadline and no cancellation: it retries forever`
		if err := opCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second)):
		}
	}
}

type tenantKey struct{}

func backgroundErr() error {
	ctx := context.WithValue(context.Background(), tenantKey{}, "t1")
	for ctx.Err() == nil { // want `retry loop has no attempt limit, no deadline and no cancellation: it retries forever`
		if err := opCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(rand.N(time.Second))
	}
	return ctx.Err()
}

// The twins: a context that may be cancelled stops the loop.
func cancellableDone(parent context.Context) error {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	for {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second)):
		}
	}
}

func backgroundCancel(stop <-chan struct{}) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { <-stop; cancel() }()
	for ctx.Err() == nil {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(rand.N(time.Second))
	}
	return ctx.Err()
}
