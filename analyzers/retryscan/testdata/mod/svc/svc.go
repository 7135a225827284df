// Package svc uses the retry configuration package retrycfg builds:
// the configuration is read where the helpers are called.
package svc

import (
	"context"
	"errors"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"

	"example.com/retryscantest/pkg/httpx"
	"example.com/retryscantest/pkg/retrycfg"
)

func op() error { return errors.New("x") }

// The backoff from retrycfg: the default elapsed-time limit still ends it.
func Fetch() error { // want `retrier\(N via backoff.Retry\)`
	return backoff.Retry(op, retrycfg.NewBackoff()) // want `site library "backoff.Retry" N attempts time`
}

// Its count, read through the fact: 3 retries.
func FetchCounted() error { // want `retrier\(3 via backoff.Retry\)`
	return backoff.Retry(op, backoff.WithMaxRetries(retrycfg.NewBackoff(), 2)) // want `site library "backoff.Retry" 3 attempts time`
}

// The options of retrycfg: 20 attempts.
func Send() error { // want `retrier\(20 via retry.Do\)`
	return retry.Do(op, retrycfg.Options()...) // want `site library "retry.Do" 20 attempts`
}

// Through a local, with an option of this package after them: the lower
// count wins.
func SendFewer() error { // want `retrier\(2 via retry.Do\)`
	opts := append(retrycfg.Options(), retry.Attempts(2))
	return retry.Do(op, opts...) // want `site library "retry.Do" 2 attempts`
}

// Through a method of a value of another package.
func SendWith(cfg retrycfg.Config) error { // want `retrier\(20 via retry.Do\)`
	return retry.Do(op, cfg.RetryOptions()...) // want `site library "retry.Do" 20 attempts`
}

// Twin: the count comes from this caller's parameter inside the helper.
func SendN(n uint) error { // want `retrier\(N via retry.Do\)`
	return retry.Do(op, retrycfg.Attempts(n)...) // want `site library "retry.Do" N attempts`
}

// Twin: one of two configurations: the most attempts of its ways, as
// the same-package path reads it (pick below).
func SendPicked(fast bool) error { // want `retrier\(20 via retry.Do\)`
	return retry.Do(op, retrycfg.Pick(fast)...) // want `site library "retry.Do" 20 attempts`
}

func pick(fast bool) []retry.Option {
	if fast {
		return []retry.Option{retry.Attempts(3)}
	}
	return []retry.Option{retry.Attempts(20)}
}

func SendPickedHere(fast bool) error { // want `retrier\(20 via retry.Do\)`
	return retry.Do(op, pick(fast)...) // want `site library "retry.Do" 20 attempts`
}

// Twin: a package variable another package may change: the library
// default applies.
func FetchDefault() error { // want `retrier\(N via backoff.Retry\)`
	return backoff.Retry(op, retrycfg.Policy()) // want `site library "backoff.Retry" N attempts time`
}

// The client from retrycfg retries 8 times inside each of 3 attempts.
func Get(ctx context.Context, url string) error { // want `retrier\(3x8 via retry loop -> retryablehttp.Client.StandardClient\)`
	hc := retrycfg.HTTPClient()
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `site loop "retry loop" 3 attempts`
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return rerr
		}
		resp, derr := hc.Do(req) // want `site client "retryablehttp.Client.StandardClient" 8 attempts`
		if derr == nil {
			resp.Body.Close()
			return nil
		}
		err = derr
		time.Sleep(time.Second)
	}
	return err
}

// The same client two packages away, kept in a field.
type Store struct{ hc *http.Client }

func NewStore() *Store { return &Store{hc: httpx.Client()} }

func (s *Store) Load(req *http.Request) error { // want `retrier\(8 via retryablehttp.Client.StandardClient\)`
	_, err := s.hc.Do(req) // want `site client "retryablehttp.Client.StandardClient" 8 attempts`
	return err
}

// Twin: a plain client from retrycfg does not retry.
func GetPlain(req *http.Request) error {
	_, err := retrycfg.PlainClient().Do(req)
	return err
}
