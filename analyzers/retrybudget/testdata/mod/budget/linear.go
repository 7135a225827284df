package budget

import (
	"context"
	"time"
)

// A wait that grows by a step from the counter: 1s + 2s + 3s of waits
// and 4 attempts of 1s pass the 5s deadline.
func pushLinear(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var err error
	for attempt := 0; attempt < 4; attempt++ { // want `retry can take 1s \+ 1s \+ 1s \+ 2s \+ 1s \+ 3s \+ 1s = 10s but its context has a 5s deadline`
		actx, c := context.WithTimeout(ctx, time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt+1) * time.Second):
		}
	}
	return err
}

// The twins: the same waits under a 15s deadline fit; a wait that grows
// with the square of the counter has no step, and its waits stay
// unknown (4 x 1s alone fit).
func pushLinearFits(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		actx, c := context.WithTimeout(ctx, time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt+1) * time.Second):
		}
	}
	return err
}

func pushSquare(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var err error
	for attempt := 1; attempt <= 4; attempt++ {
		actx, c := context.WithTimeout(ctx, time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt*attempt) * time.Second):
		}
	}
	return err
}
