// Package restystatus retries resty requests on a client that retries
// them too, deciding on the status through resty's Response methods.
package restystatus

import (
	"context"
	"errors"
	"time"

	"github.com/go-resty/resty/v2"
)

type api struct{ c *resty.Client }

func newAPI() *api { return &api{c: resty.New().SetRetryCount(3)} }

// IsSuccess leaves on a 2xx alone: every failure and every other status
// goes round, each through resty's 4 attempts.
func (a *api) get(ctx context.Context) error {
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps resty.Request.Get \(4 attempts\), which retries again: up to 12 calls`
		resp, err := a.c.R().SetContext(ctx).Get("/x")
		if err == nil && resp.IsSuccess() {
			return nil
		}
		time.Sleep(250 * time.Millisecond)
	}
	return errors.New("unavailable")
}

// StatusCode() < 500 goes round on failures and 5xx.
func (a *api) getBelow500(ctx context.Context) error {
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps resty.Request.Get \(4 attempts\)`
		resp, err := a.c.R().SetContext(ctx).Get("/x")
		if err == nil && resp.StatusCode() < 500 {
			return nil
		}
		time.Sleep(250 * time.Millisecond)
	}
	return errors.New("unavailable")
}

// The twin: a loop that leaves on a failure or an error status and goes
// round only after a success is a poll of the resource, no retry layer.
func (a *api) watch(ctx context.Context) error {
	for i := 0; i < 3; i++ { // ok: goes round on success only
		resp, err := a.c.R().SetContext(ctx).Get("/x")
		if err != nil || resp.IsError() {
			return errors.New("watch failed")
		}
		time.Sleep(250 * time.Millisecond)
	}
	return nil
}
