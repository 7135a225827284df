package e2e

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

func charge(ctx context.Context, id string) error { return errors.New("unavailable") }

// Settle gives each of its 3 attempts 30s inside a one minute deadline:
// 30s + 2s + 30s + 2s + 30s (and jitter) > 1m, so the third attempt
// never runs.
func Settle(ctx context.Context, id string) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 30*time.Second)
		err = charge(actx, id)
		c()
		if err == nil {
			return nil
		}
		if !sleepCtx(ctx, 2*time.Second+rand.N(time.Second)) {
			return ctx.Err()
		}
	}
	return err
}

// SettleFixed gives each attempt 15s: 15s + 3s + 15s + 3s + 15s fits.
func SettleFixed(ctx context.Context, id string) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 15*time.Second)
		err = charge(actx, id)
		c()
		if err == nil {
			return nil
		}
		if !sleepCtx(ctx, 2*time.Second+rand.N(time.Second)) {
			return ctx.Err()
		}
	}
	return err
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
