// Package gated calls retry runners with a POST: one gated by the
// caller's idempotency flag (quiet: the caller decided), and look-alikes
// whose flag does not keep the call from running twice.
package gated

import (
	"context"
	"log"
	"net/http"
	"strings"
	"time"

	"example.com/nonidemtest/gated/runner"
)

type service struct {
	hc     *http.Client
	policy runner.Policy
}

func (s *service) create(ctx context.Context, name string) error { // want create:`nonidempotent\(an HTTP POST\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/buckets", strings.NewReader(name))
	if err != nil {
		return err
	}
	resp, err := s.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The caller's flag decides: a create retried only when a precondition
// makes it idempotent. Across packages, through the runner's fact.
func (s *service) Create(ctx context.Context, name string, ifAbsent bool) error {
	return runner.Run(ctx, func(ctx context.Context) error {
		return s.create(ctx, name)
	}, s.policy, ifAbsent)
}

// A constant true is the caller's declaration too.
func (s *service) CreateDeclared(ctx context.Context, name string) error {
	return runner.Run(ctx, func(ctx context.Context) error {
		return s.create(ctx, name)
	}, s.policy, true)
}

// A local runner gated by its flag alone.
func try(retry bool, op func() error) error {
	if !retry {
		return op()
	}
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func (s *service) CreateLocal(ctx context.Context, name string, retry bool) error {
	return try(retry, func() error { return s.create(ctx, name) })
}

// Look-alike: a runner whose flag only chooses to log retries everything.
func logged(op func() error, idempotent bool) error {
	if !idempotent {
		log.Print("retrying a call that is not idempotent")
	}
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func (s *service) CreateLogged(ctx context.Context, name string) error {
	return logged(func() error {
		return s.create(ctx, name) // want `retry wraps service.create, which sends an HTTP POST with no Idempotency-Key header`
	}, false)
}

// Look-alike: a runner with no flag at all.
func always(op func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func (s *service) CreateAlways(ctx context.Context, name string) error {
	return always(func() error {
		return s.create(ctx, name) // want `retry wraps service.create, which sends an HTTP POST with no Idempotency-Key header`
	})
}
