package loopforms

import (
	"context"
	"time"
)

// The attempt is made before the loop and again at the end of the body:
// the body tests, at the top of each pass, the error the pass before it
// left. The body is a function the iterator calls once per attempt, so
// err goes round through the variable it shares with iterLate.
func iterLate(ctx context.Context) error { // want `retrier\(4 via retry loop\)`
	err := dial(ctx)
	for range upTo(4) { // want `site loop "retry loop" 4 attempts`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
		err = dial(ctx)
	}
	return err
}

// The same with the policy's attempts, which end with ctx.
func iterLatePolicy(ctx context.Context, p Policy) error { // want `retrier\(N via retry loop\)`
	err := dial(ctx)
	for range p.Attempts(ctx) { // want `site loop "retry loop" N attempts ctx`
		if err == nil {
			return nil
		}
		err = dial(ctx)
	}
	return err
}

// Twin: a worker over a queue that stops at the first failure. The
// error tested at the top is the previous item's, but success goes
// round to the next item: no retry.
func iterLateWorker(ctx context.Context, queue []string) error {
	var err error
	for item := range Hosts(queue) {
		if err != nil {
			return err
		}
		err = dialHost(ctx, item)
	}
	return err
}

// Twin: the same stopping worker over items it does not hand to the call
// (each pass flushes what the pass before it buffered): no retry either.
func iterLateFlush(ctx context.Context, queue []string) error {
	err := dial(ctx)
	for range Hosts(queue) {
		if err != nil {
			return err
		}
		time.Sleep(time.Millisecond)
		err = dial(ctx)
	}
	return err
}

// Twin: trying each host until one answers is a failover, whatever pass
// tests the answer.
func iterLateFailover(ctx context.Context, hosts []string) error {
	err := dial(ctx)
	for h := range Hosts(hosts) {
		if err == nil {
			return nil
		}
		err = dialHost(ctx, h)
	}
	return err
}
