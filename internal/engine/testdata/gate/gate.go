package gate

import (
	"context"
	"log"
	"time"
)

type mode int

const (
	retryIdempotent mode = iota
	retryAlways
	retryNever
)

type policy struct{ mode mode }

// The storage shape: the flag joined to other conditions by && and ||.
func run(ctx context.Context, call func(context.Context) error, p *policy, idempotent bool) error { // want `gate idempotent`
	if p == nil {
		p = &policy{}
	}
	if (p.mode == retryIdempotent && !idempotent) || p.mode == retryNever {
		return call(ctx)
	}
	for {
		if err := call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// The flag tested alone, on a method.
type client struct{}

func (c *client) do(retry bool, op func() error) error { // want `gate retry`
	if !retry {
		return op()
	}
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

// The flag only chooses whether to log: every call is retried.
func logged(op func() error, idempotent bool) error { // want `no gate`
	if !idempotent {
		log.Print("retrying a call that is not idempotent")
	}
	for i := 0; i < 3; i++ {
		if op() == nil {
			return nil
		}
	}
	return nil
}

// The flag chooses the wait, not whether to go round.
func paced(op func() error, fast bool) error { // want `no gate`
	for i := 0; i < 3; i++ {
		if op() == nil {
			return nil
		}
		if !fast {
			time.Sleep(time.Second)
		}
	}
	return nil
}

// The single call on the flag's true edge: a flag that asks for one
// try when true is not a declaration of idempotency.
func inverted(op func() error, once bool) error { // want `no gate`
	if once {
		return op()
	}
	for op() != nil {
	}
	return nil
}

// The once-way goes on to another call of op: it retries too.
func twice(op func() error, idempotent bool) error { // want `no gate`
	if !idempotent {
		if op() == nil {
			return nil
		}
		return op()
	}
	for op() != nil {
	}
	return nil
}
