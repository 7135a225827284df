// Package contexts asks the engine how contexts are made from one
// another: endless(x) whether x is never done (Uncancellable),
// link(from, to) whether to is made from from (Derived: from's
// cancellation reaches it) and whether it has from's deadline
// (DeadlineSources).
package contexts

import (
	"context"
	"net/http"
	"runtime/trace"
	"time"
)

func endless(ctx context.Context)                    {}
func link(from, to context.Context)                  {}
func linkReq(from context.Context, to *http.Request) {}

type key struct{}

func roots(ctx context.Context, d time.Duration, stop chan struct{}) {
	endless(context.Background()) // want `never done`
	bg := context.TODO()
	endless(bg) // want `never done`
	v := context.WithValue(context.Background(), key{}, 1)
	endless(v) // want `never done`
	task, t := trace.NewTask(v, "x")
	defer t.End()
	endless(task)                       // want `never done`
	endless(context.WithoutCancel(ctx)) // want `never done`
	endless(detach(ctx))                // want `never done`

	// The twins: the caller's context, one a path gives a deadline,
	// one another goroutine can cancel, one with a deadline made from
	// a detached one.
	endless(ctx)
	maybe := context.Background()
	if d > 0 {
		maybe, _ = context.WithTimeout(maybe, d)
	}
	endless(maybe)
	c, cancel := context.WithCancel(context.Background())
	go func() { <-stop; cancel() }()
	endless(c)
	t2, cancel2 := context.WithTimeout(context.WithoutCancel(ctx), d)
	defer cancel2()
	endless(t2)
	endless(notDetach(ctx, d))
}

func detach(ctx context.Context) context.Context { return context.WithoutCancel(ctx) }

func notDetach(ctx context.Context, d time.Duration) context.Context {
	if d > 0 {
		return ctx
	}
	return context.WithoutCancel(ctx)
}

func withAccount(ctx context.Context) context.Context {
	return context.WithValue(ctx, key{}, "acct")
}

func links(ctx context.Context, d time.Duration) {
	link(ctx, ctx)                              // want `derived, deadline`
	link(ctx, context.WithValue(ctx, key{}, 1)) // want `derived, deadline`
	c, cancel := context.WithCancel(ctx)
	defer cancel()
	link(ctx, c)                           // want `derived, deadline`
	link(ctx, withAccount(ctx))            // want `derived, deadline`
	link(ctx, withAccount(withAccount(c))) // want `derived, deadline`
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://x/", nil)
	linkReq(ctx, req) // want `derived`
	// A deadline of its own: ctx's cancellation still reaches it.
	t, cancel2 := context.WithTimeout(ctx, d)
	defer cancel2()
	link(ctx, t) // want `derived`
	// No deadline and no cancellation of ctx's.
	link(ctx, context.WithoutCancel(ctx))                              // want `neither`
	link(ctx, detach(ctx))                                             // want `neither`
	link(ctx, context.WithValue(context.WithoutCancel(ctx), key{}, 1)) // want `neither`
	link(ctx, context.Background())                                    // want `neither`
}
