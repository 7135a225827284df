// Package loops retries with hand-written loops and libraries: none has
// a budget, unless a rate limiter runs every attempt or a library's
// budget option is set.
package loops

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/budget"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"golang.org/x/time/rate"
)

// Loop retries a GET three times: no budget.
func Loop(url string) error {
	var err error
	for i := 0; i < 3; i++ { // budget: none
		var resp *http.Response
		if resp, err = http.Get(url); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Limited is its twin behind a rate limiter.
func Limited(ctx context.Context, lim *rate.Limiter, url string) error {
	var err error
	for i := 0; i < 3; i++ { // budget: limiter
		if err = lim.Wait(ctx); err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = http.Get(url); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Backoff retries with cenkalti/backoff, which has no budget.
func Backoff(url string) error {
	return backoff.Retry(func() error { // budget: none
		resp, err := http.Get(url)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

// Budgeted retries with failsafe-go under a retry budget.
func Budgeted(url string) error {
	b := budget.NewBuilder().WithMaxRate(0.1).Build()
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithBudget(b).Build()
	return failsafe.With(rp).Run(func() error { // budget: budget
		resp, err := http.Get(url)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Unbudgeted is its twin with no WithBudget in view: failsafe-go offers
// one, so whether this retry has it is not known from here.
func Unbudgeted(url string) error {
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(3).Build()
	return failsafe.With(rp).Run(func() error { // budget: unknown
		resp, err := http.Get(url)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// withRetry runs op up to 3 times: a loop, with no budget.
func withRetry(op func() error) error {
	var err error
	for i := 0; i < 3; i++ { // budget: none
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Wrapped retries through the wrapper, whose budget is not carried to
// its callers.
func Wrapped(url string) error {
	return withRetry(func() error { // budget: unknown
		resp, err := http.Get(url)
		if err != nil {
			return err
		}
		if resp.StatusCode >= 500 {
			return errors.New(resp.Status)
		}
		return resp.Body.Close()
	})
}
