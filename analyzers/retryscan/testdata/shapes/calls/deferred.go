package calls

import (
	"context"
	"sync"
	"time"
)

var notify = func(error) {}

// deferAndGo defers and starts calls of function values, method values
// and closures in the loop body and in an exit's block.
func deferAndGo(ctx context.Context, c *client, mu *sync.Mutex) error { // want `retrier\(3 via retry loop\)`
	unlock := mu.Unlock
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		err := func() error {
			mu.Lock()
			defer unlock()
			defer c.hooks.giveUp(nil)
			return c.call(ctx)
		}()
		if err == nil {
			return nil
		}
		go notify(err)
		go c.hooks.backoff(ctx, 0)
		if err := sleepFn(ctx, time.Second); err != nil {
			defer notify(err)
			return err
		}
	}
	return errTemporary
}

// deferInLoop defers in the loop itself (a leak, not our business).
func deferInLoop(ctx context.Context) error { // want `retrier\(2 via retry loop\)`
	for range 2 { // want `site loop "retry loop" 2 attempts`
		cancel := func() {}
		defer cancel()
		if err := opFn(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errTemporary
}
