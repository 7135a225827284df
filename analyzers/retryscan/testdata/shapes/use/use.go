// Package use calls the shapes of packages calls and otelretry from
// another package, so that their facts are imported.
package use

import (
	"context"
	"time"

	"example.com/shapes/calls"
	"example.com/shapes/otelretry"
)

func Use(ctx context.Context) error {
	req := otelretry.Config{Enabled: true}.Request(func(error) (bool, time.Duration) { return true, 0 })
	return req(ctx, func(context.Context) error { return calls.Fetch(ctx) }) // want `site retrier "calls.Fetch" 3 attempts`
}

func Get(ctx context.Context) (int, error) {
	get := calls.Do[int]
	// A wrapper called through a function value is not seen as one.
	return get(ctx, func(ctx context.Context) (int, error) { return 0, calls.Fetch(ctx) }) // want `site retrier "calls.Fetch" 3 attempts`
}
