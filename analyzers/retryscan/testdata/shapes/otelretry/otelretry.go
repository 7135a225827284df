// Package otelretry has the shape that crashed the recognizer (issue 12),
// as go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc's
// internal/retry writes it: a retry loop in a returned closure whose last
// exit is an if with an init statement calling a package-level variable
// of function type.
package otelretry

import (
	"context"
	"errors"
	"fmt"
	"time"
)

type Config struct {
	Enabled bool
	Initial time.Duration
	Max     time.Duration
	Elapsed time.Duration
}

type Evaluate func(error) (bool, time.Duration)

type Request func(context.Context, func(context.Context) error) error

// waitFn is a variable so that tests can replace it.
var waitFn = wait

func wait(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return context.Cause(ctx)
	case <-t.C:
	}
	return nil
}

// backOff doubles its interval up to a maximum.
type backOff struct{ cur, max time.Duration }

func (b *backOff) NextBackOff() time.Duration {
	d := b.cur
	b.cur = min(2*b.cur, b.max)
	return d
}

func (c Config) Request(evaluate Evaluate) Request {
	if !c.Enabled {
		return func(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }
	}
	return func(ctx context.Context, fn func(context.Context) error) error {
		b := &backOff{cur: c.Initial, max: c.Max}
		start := time.Now()
		for { // want `site loop "retry loop" N attempts ctx time`
			err := fn(ctx)
			if err == nil {
				return nil
			}
			retryable, throttle := evaluate(err)
			if !retryable {
				return err
			}
			if ctx.Err() != nil {
				return errors.Join(context.Cause(ctx), err)
			}
			if c.Elapsed != 0 && time.Since(start) > c.Elapsed {
				return fmt.Errorf("retry time elapsed: %w", err)
			}
			d := max(throttle, b.NextBackOff())
			if ctxErr := waitFn(ctx, d); ctxErr != nil {
				return errors.Join(ctxErr, err)
			}
		}
	}
}
