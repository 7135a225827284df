package loops

import (
	"context"
	"math"
	"math/rand/v2"
	"time"
)

// A client whose delays its constructor fills in: the method that grows
// them reads fields every write of which is in sight.
type fieldClient struct {
	baseDelay time.Duration
	maxDelay  time.Duration
}

func newFieldClient() *fieldClient {
	return &fieldClient{baseDelay: 100 * time.Millisecond, maxDelay: 10 * time.Second}
}

func (c *fieldClient) backoff(attempt int) time.Duration {
	d := c.baseDelay << attempt
	if d > c.maxDelay || d <= 0 {
		d = c.maxDelay
	}
	return d
}

func (c *fieldClient) get(ctx context.Context) error {
	for attempt := 0; ; attempt++ {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(c.backoff(attempt)): // want `retry delay has no jitter`
		}
	}
}

// The twin adds jitter to what the fields give.
func (c *fieldClient) getJittered(ctx context.Context) error {
	for attempt := 0; ; attempt++ {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		d := c.backoff(attempt)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d/2 + rand.N(d/2)): // ok: jittered
		}
	}
}

// A client whose base delay its caller gives: its size is unknown, but a
// setting is no random draw (engine settings.go).
type paramClient struct{ baseDelay time.Duration }

func newParamClient(base time.Duration) *paramClient { return &paramClient{baseDelay: base} }

func (c *paramClient) get(ctx context.Context) error {
	for attempt := 0; ; attempt++ {
		if err := opCtx(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(c.baseDelay): // want `retry delay has no jitter`
		}
	}
}

// A policy passed by value, filled in by its constructor, whose delay
// method grows with no cap.
type fieldPolicy struct {
	initial  time.Duration
	factor   float64
	attempts int
	max      time.Duration
}

func defaultFieldPolicy() fieldPolicy {
	return fieldPolicy{initial: time.Second, factor: 2, attempts: 8}
}

func (p fieldPolicy) delay(n int) time.Duration {
	return time.Duration(float64(p.initial)*math.Pow(p.factor, float64(n))) + rand.N(p.initial/2) // want `retry delay doubles each attempt with no cap \(wait at line 100\): after 7 failures it waits at least 1m4s`
}

func registerWithPolicy(ctx context.Context) error {
	p := defaultFieldPolicy()
	var err error
	for i := 0; i < 8; i++ {
		if err = opCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(p.delay(i))
	}
	return err
}

// The twin's method clamps the growth.
func (p fieldPolicy) cappedDelay(n int) time.Duration {
	d := min(time.Duration(float64(p.initial)*math.Pow(p.factor, float64(n))), 20*time.Second)
	return d/2 + rand.N(d/2)
}

func registerWithCappedPolicy(ctx context.Context) error {
	p := defaultFieldPolicy()
	var err error
	for i := 0; i < 8; i++ {
		if err = opCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(p.cappedDelay(i)) // ok: capped and jittered
	}
	return err
}

var _ = newParamClient
