// Package calls holds retry loops whose exits and bodies call through
// every kind of callee the type checker can hand the recognizer: function
// values, method values and expressions, closures in struct fields,
// interface methods, generic functions and methods, calls in if and
// switch init statements, defer and go.
package calls

import (
	"context"
	"errors"
	"time"
)

var errTemporary = errors.New("temporary")

func op(context.Context) error { return errTemporary }

func sleepCtx(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// Package-level variables of function type.
var (
	opFn    = op
	sleepFn = sleepCtx
	stopFn  func() bool
)

// pkgFuncVarInit calls package-level function values in the init
// statements of its exits.
func pkgFuncVarInit(ctx context.Context) error { // want `retrier\(3 via retry loop\)`
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if err := opFn(ctx); err == nil {
			return nil
		}
		if err := sleepFn(ctx, time.Second); err != nil {
			return err
		}
		if stop := stopFn(); stop {
			return errTemporary
		}
	}
	return errTemporary
}

// pkgFuncVarCond calls them in the conditions.
func pkgFuncVarCond(ctx context.Context) error { // want `retrier\(N via retry loop\)`
	for { // want `site loop "retry loop" N attempts`
		if err := opFn(ctx); err == nil {
			return nil
		}
		if sleepFn(ctx, time.Second) != nil || stopFn() {
			return errTemporary
		}
	}
}

// localFuncVar calls local function values, one of them assigned twice.
func localFuncVar(ctx context.Context, fast bool) error { // want `retrier\(4 via retry loop\)`
	sleep := func(d time.Duration) error { return sleepCtx(ctx, d) }
	attempt := op
	if fast {
		attempt = func(context.Context) error { return nil }
	}
	for i := range 4 { // want `site loop "retry loop" 4 attempts`
		if err := attempt(ctx); err == nil {
			return nil
		}
		if err := sleep(time.Duration(i) * time.Second); err != nil {
			return err
		}
	}
	return errTemporary
}

// returnedClosure nests the loop in a closure returned by a closure.
func returnedClosure(max int) func() func(context.Context) error {
	return func() func(context.Context) error {
		return func(ctx context.Context) error {
			for n := 0; ; n++ { // want `site loop "retry loop" N attempts`
				if err := opFn(ctx); err == nil {
					return nil
				}
				if ctxErr := sleepFn(ctx, time.Second); ctxErr != nil {
					return ctxErr
				}
				if n >= max {
					return errTemporary
				}
			}
		}
	}
}

// calledResults calls the results of calls, indexes and map lookups.
func calledResults(ctx context.Context, fns []func(context.Context) error, byName map[string]func() bool) error { // want `retrier\(3 via retry loop\)`
	get := func() func(context.Context) error { return op }
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if err := get()(ctx); err == nil {
			return nil
		}
		if err := fns[0](ctx); err != nil && byName["stop"]() {
			return err
		}
		if func() bool { return ctx.Err() != nil }() {
			return ctx.Err()
		}
		time.Sleep(time.Second)
	}
	return errTemporary
}
