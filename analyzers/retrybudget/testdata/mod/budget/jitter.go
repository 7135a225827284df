package budget

import (
	"context"
	"math/rand/v2"
	"time"
)

// A jitter added to each wait can only make the retry longer: 3 x 10s
// attempts and at least 2s + 2s of waits do not fit in 30s, and the sum
// is a lower bound (>=).
func jitterOverBudget(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry can take 10s \+ 2s \+ 10s \+ 2s \+ 10s >= 34s but its context has a 30s deadline: the third attempt can be cut short; shorten`
		actx, c := context.WithTimeout(ctx, 10*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2*time.Second + rand.N(time.Second)):
		}
	}
	return err
}

// The twins: the same retry in 40s fits, even with the jitter at its
// largest (36s); full jitter or a jitter taken away can wait less than
// 2s, and the 30s of attempts alone fit in 30s.
func jitterFits(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 40*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 10*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2*time.Second + rand.N(time.Second)):
		}
	}
	return err
}

func fullJitterUnknown(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 10*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(2 * time.Second)):
		}
	}
	return err
}

func jitterTakenAway(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 10*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2*time.Second - rand.N(time.Second)):
		}
	}
	return err
}

// A helper that runs the jittered retry on its caller's context carries
// the lower bound to the caller that gives it a deadline.
func jitterHelper(ctx context.Context) error { // want jitterHelper:`budget\(ctx 0, retry loop 10s \+ 2s \+ 10s \+ 2s \+ 10s >= 34s\)`
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 10*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2*time.Second + rand.N(time.Second)):
		}
	}
	return err
}

func callsJitterHelper(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return jitterHelper(ctx) // want `jitterHelper's retry \(retry loop\) can take 10s \+ 2s \+ 10s \+ 2s \+ 10s >= 34s but its context has a 30s deadline`
}

// A wait helper of the package that adds a jitter to what it is given
// waits at least that; one that takes a jitter away can wait less, and
// its waits are unknown (the 30s of attempts alone fit in 33s).
func sleepJitter(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d + rand.N(d/4)):
		return nil
	}
}

func sleepLess(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d - rand.N(d/2)):
		return nil
	}
}

func helperJitterOverBudget(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 33*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry can take 10s \+ 2s \+ 10s \+ 2s \+ 10s >= 34s but its context has a 33s deadline`
		actx, c := context.WithTimeout(ctx, 10*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		if err := sleepJitter(ctx, 2*time.Second); err != nil {
			return err
		}
	}
	return err
}

func helperLessUnknown(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 33*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		actx, c := context.WithTimeout(ctx, 10*time.Second)
		err = call(actx)
		c()
		if err == nil {
			return nil
		}
		if err := sleepLess(ctx, 2*time.Second); err != nil {
			return err
		}
	}
	return err
}
