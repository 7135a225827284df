// Package off runs with -attempt-uses-budget=false: over-budget is still
// reported, attempt-uses-budget is not.
package off

import (
	"context"
	"errors"
	"time"
)

func call(ctx context.Context) error { return errors.New("x") }

func noAttemptTimeout(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func attemptAsLongAsBudget(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 2; i++ { // want `retry can take 10s \+ 1s \+ 10s = 21s but its context has a 10s deadline: the second attempt never starts`
		actx, c := context.WithTimeout(ctx, 10*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
