package app

import (
	"context"
	"time"
)

func ping(ctx context.Context) error { return ctx.Err() }

// A retry by recursion is one layer: it is not nested in itself.
func pingRetry(ctx context.Context, left int) error {
	err := ping(ctx)
	if err == nil || left == 0 {
		return err
	}
	time.Sleep(time.Second)
	return pingRetry(ctx, left-1)
}

// A loop around it is two.
func pingLoop(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls pingRetry, which retries again: up to 9 calls per call of pingLoop \(3x3 via pingRetry -> recursive retry\)`
		if err = pingRetry(ctx, 2); err == nil {
			return nil
		}
	}
	return err
}

// A retry loop whose attempt calls its own function: the chain does
// not repeat the function, and the loop is not nested in itself.
func pingDeep(ctx context.Context, depth int) error {
	var err error
	for i := 0; i < 3; i++ {
		if depth > 0 {
			err = pingDeep(ctx, depth-1)
		} else {
			err = ping(ctx)
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
