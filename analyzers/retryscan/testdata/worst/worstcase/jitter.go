package worstcase

import (
	"context"
	"math/rand/v2"
	"time"
)

// A jitter that cannot be negative added to a doubling wait: each wait
// is at least the doubling one.
func addedDoubling(ctx context.Context) error {
	var err error
	d := time.Second
	for i := 0; i < 4; i++ { // want `worst \? \+ 1s \+ \? \+ 2s \+ \? \+ 4s \+ \? >= 7s; attempt none; elapsed none; cap 0s; waits at least$`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(d + rand.N(d/4))
		d *= 2
	}
	return err
}

// Added to a fixed wait, with every attempt bounded: the sum is a lower
// bound (>=), not the worst case.
func addedFixed(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst 30s \+ 2s \+ 30s \+ 2s \+ 30s >= 1m34s; attempt context 30s; elapsed none; cap 0s; waits at least$`
		actx, cancel := context.WithTimeout(ctx, 30*time.Second)
		err = call(actx)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(2*time.Second + rand.N(time.Second))
	}
	return err
}

// Added to a linear wait.
func addedLinear(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst \? \+ 1s \+ \? \+ 2s \+ \? >= 3s; attempt none; elapsed none; cap 0s; waits at least$`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1)*time.Second + rand.N(time.Second/2))
	}
	return err
}

// Waits that can be shorter than the delay are unknown: full jitter, a
// jitter taken away, a random fraction.
func fullJitter(ctx context.Context) error {
	var err error
	d := time.Second
	for i := 0; i < 3; i++ { // want `worst \? \+ \? \+ \? \+ \? \+ \? >= 0s; attempt none; elapsed none; cap 0s$`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(rand.N(d))
		d *= 2
	}
	return err
}

func takenAway(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst \? \+ \? \+ \? \+ \? \+ \? >= 0s; attempt none; elapsed none; cap 0s$`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(2*time.Second - rand.N(time.Second))
	}
	return err
}

func fraction(ctx context.Context) error {
	var err error
	d := time.Second
	for i := 0; i < 3; i++ { // want `worst \? \+ \? \+ \? \+ \? \+ \? >= 0s; attempt none; elapsed none; cap 0s$`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(float64(d) * rand.Float64()))
		d *= 2
	}
	return err
}

// A helper of the package that waits what it is given plus a jitter
// waits at least that; one that takes a jitter away, or waits a random
// fraction, waits unknown times.
func sleepJitter(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d + rand.N(d/4)):
	}
}

func sleepLess(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d - rand.N(d/4)):
	}
}

func sleepFraction(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(time.Duration(float64(d) * rand.Float64())):
	}
}

func helperAdded(ctx context.Context) error {
	var err error
	d := time.Second
	for i := 0; i < 3; i++ { // want `worst \? \+ 1s \+ \? \+ 2s \+ \? >= 3s; attempt none; elapsed none; cap 0s; waits at least$`
		if err = call(ctx); err == nil {
			return nil
		}
		sleepJitter(ctx, d)
		d *= 2
	}
	return err
}

func helperLess(ctx context.Context) error {
	var err error
	d := time.Second
	for i := 0; i < 3; i++ { // want `worst \? \+ \? \+ \? \+ \? \+ \? >= 0s; attempt none; elapsed none; cap 0s$`
		if err = call(ctx); err == nil {
			return nil
		}
		sleepLess(ctx, d)
		d *= 2
	}
	return err
}

func helperFraction(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst \? \+ \? \+ \? \+ \? \+ \? >= 0s; attempt none; elapsed none; cap 0s$`
		if err = call(ctx); err == nil {
			return nil
		}
		sleepFraction(ctx, 2*time.Second)
	}
	return err
}
