// Package pay is the fixture of cmd/retrylint's TestFix: each fix
// retrylint offers, on a few standard packages only (every new set of
// flags makes go vet analyze every dependency again), so that the test's
// several runs stay cheap.
package pay

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"time"
)

// Order is a request to a payment service that deduplicates orders by
// their IdempotencyKey.
type Order struct {
	IdempotencyKey string
	Cents          int
}

// Charge makes a new idempotency key on every attempt: keyregen moves it
// before the loop. Its wait has no jitter and ignores ctx, which have no
// automatic fix (six attempts: more than a hint's five).
func Charge(ctx context.Context, send func(context.Context, Order) error, cents int) error {
	for i := 0; i < 6; i++ {
		key := strconv.FormatUint(rand.Uint64(), 36)
		if err := send(ctx, Order{IdempotencyKey: key, Cents: cents}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("charge failed")
}

// Ping doubles its jittered delay with no cap: unboundedbackoff clamps it.
func Ping(ctx context.Context, ping func(context.Context) error) error {
	d := 100 * time.Millisecond
	for {
		if err := ping(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(d)):
		}
		d *= 2
	}
}
