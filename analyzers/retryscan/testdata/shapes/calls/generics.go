package calls

import (
	"context"
	"time"
)

func try[T any](ctx context.Context, f func(context.Context) (T, error)) (T, error) { return f(ctx) }

func waitFor[D ~int64](ctx context.Context, d D) error { return sleepCtx(ctx, time.Duration(d)) }

type pool[T any] struct{ items []T }

func (p *pool[T]) get(context.Context) (T, error) {
	var zero T
	return zero, errTemporary
}

func (p *pool[T]) pause(ctx context.Context, d time.Duration) error { return sleepCtx(ctx, d) }

// genericCalls calls generic functions with explicit and inferred
// instantiations, generic methods, and instantiated function values.
func genericCalls(ctx context.Context, p *pool[string]) (string, error) { // want `retrier\(3 via retry loop\)`
	get := try[string]
	wait := waitFor[time.Duration]
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if v, err := get(ctx, p.get); err == nil {
			return v, nil
		}
		if err := waitFor(ctx, time.Second); err != nil {
			return "", err
		}
		if err := wait(ctx, time.Second); err != nil {
			return "", err
		}
		if err := p.pause(ctx, time.Second); err != nil {
			return "", err
		}
	}
	return "", errTemporary
}

// retryT is a generic retry helper; its callers instantiate it.
func retryT[T any](ctx context.Context, n int, f func(context.Context) (T, error)) (T, error) { // want `retrier\(N via retry loop\)` `wrapper\(param=2, attempts from param 1\+0 via retry loop\)`
	var last error
	for i := 0; i < n; i++ { // want `site loop "retry loop" N attempts`
		v, err := f(ctx)
		if err == nil {
			return v, nil
		}
		last = err
		if err := waitFor(ctx, time.Duration(i)*time.Second); err != nil {
			break
		}
	}
	var zero T
	return zero, last
}

func useRetryT(ctx context.Context, p *pool[int]) (int, error) { // want `retrier\(3 via retryT\)`
	return retryT(ctx, 3, p.get) // want `site wrapper "retryT" 3 attempts`
}

func useRetryTExplicit(ctx context.Context) (string, error) { // want `retrier\(2 via retryT\)`
	return retryT[string](ctx, 2, func(context.Context) (string, error) { return "", errTemporary }) // want `site wrapper "retryT" 2 attempts`
}
