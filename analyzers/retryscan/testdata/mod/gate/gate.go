// Package gate holds retry runners whose caller says, with a bool, whether
// the function may run twice (WrapperFact.Gate).
package gate

import (
	"context"
	"log"
	"time"

	"github.com/cenkalti/backoff/v4"
)

type config struct{ never bool }

// Run is gated: when idempotent is false (and the policy asks for it), it
// calls once and returns.
func Run(ctx context.Context, call func(context.Context) error, cfg *config, idempotent bool) error { // want `retrier` `wrapper\(param=1, .* gated by param 3\)`
	if !idempotent || cfg.never {
		return call(ctx)
	}
	for { // want `site loop`
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Do hands its function and its flag on to Run: gated by its own flag.
func Do(ctx context.Context, idem bool, f func(context.Context) error) error { // want `retrier` `wrapper\(param=2, .* gated by param 1\)`
	return Run(ctx, f, &config{}, idem) // want `site wrapper`
}

// Always hands Run a constant: the flag is not its caller's.
func Always(ctx context.Context, f func(context.Context) error, verbose bool) error { // want `retrier` `wrapper\(param=1, [^,]* via Run\)$`
	if verbose {
		log.Print("calling")
	}
	return Run(ctx, f, &config{}, true) // want `site wrapper`
}

// Logged tests its flag only to log: every call is retried.
func Logged(op func() error, idempotent bool) error { // want `retrier` `wrapper\(param=0, 3 attempts via retry loop, ignores ctx\)$`
	if !idempotent {
		log.Print("retrying a call that is not idempotent")
	}
	var err error
	for i := 0; i < 3; i++ { // want `site loop`
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Lib hands its function to a retry library, or calls it once when its
// caller says it must not run twice.
func Lib(op func() error, idempotent bool) error { // want `retrier` `wrapper\(param=0, .* gated by param 1\)`
	if !idempotent {
		return op()
	}
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3)) // want `site library`
}
