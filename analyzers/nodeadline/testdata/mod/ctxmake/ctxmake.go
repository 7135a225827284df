// Package ctxmake makes contexts for its importers and calls nothing
// outbound itself.
package ctxmake

import "context"

type tenantKey struct{}

// Detached returns a cancellable context with no deadline, and its
// cancel func.
func Detached() (context.Context, context.CancelFunc) { // want Detached:`returns\(no deadline\)`
	return context.WithCancel(context.Background())
}

// Plain returns a context with no deadline, alone.
func Plain() context.Context { // want Plain:`returns\(no deadline\)`
	return context.WithValue(context.Background(), tenantKey{}, "t1")
}

// Group returns its context second, as errgroup.WithContext does.
type Group struct{ cancel context.CancelFunc }

func NewGroup(ctx context.Context) (*Group, context.Context) { // want NewGroup:`returns\(param 0 as result 1\)`
	ctx, cancel := context.WithCancel(ctx)
	return &Group{cancel: cancel}, ctx
}

// Bounded gives the context a deadline: no fact.
func Bounded(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, 10e9)
}

// WithDeadline makes a context with a deadline: no fact.
func WithDeadline() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 10e9)
}
