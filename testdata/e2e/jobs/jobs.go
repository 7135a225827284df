// Package jobs runs background work with the platform's retry setup.
package jobs

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"

	"example.com/e2e/platform"
	"example.com/e2e/store"
)

// Refresh retries with the platform's backoff, built in another package
// without jitter: every replica that failed together retries together.
func Refresh(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(platform.Backoff(), ctx))
}

// RefreshFixed is the twin with the platform's jittered backoff.
func RefreshFixed(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(platform.JitteredBackoff(), ctx))
}

// Settle takes its attempts from an iterator and, in each, calls
// store.Save, which retries 4 times itself: the layers multiply.
func Settle(ctx context.Context, db *sql.DB, p platform.Policy, id string) error {
	err := errors.New("no attempt made")
	for range p.Attempts(ctx) {
		if err = store.Save(ctx, db, id); err == nil {
			return nil
		}
	}
	return err
}

// SettleFixed is the twin: one attempt here, the store's retries below.
func SettleFixed(ctx context.Context, db *sql.DB, id string) error {
	return store.Save(ctx, db, id)
}

// Archive hands store.Save to the platform's retry helper with 3
// attempts: 3 here times the store's 4.
func Archive(ctx context.Context, db *sql.DB, id string) error {
	return platform.Retry(ctx, 3, func() error { return store.Save(ctx, db, id) })
}

// ArchiveFixed is the twin: the store retries, this layer does not.
func ArchiveFixed(ctx context.Context, db *sql.DB, id string) error {
	return store.Save(ctx, db, id)
}

// Notify posts an event and builds the request in each attempt (a body
// reader cannot be sent twice). The POST carries no idempotency key: an
// attempt that timed out after the receiver acted is repeated.
func Notify(ctx context.Context, c *http.Client, u string, event []byte) error {
	var req *http.Request
	var err error
	for i := 0; i < 3; i++ {
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(event))
		if err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			return resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second)):
		}
	}
	return err
}

// NotifyFixed is the twin: one key, made by the caller, on every attempt.
func NotifyFixed(ctx context.Context, c *http.Client, u, key string, event []byte) error {
	var req *http.Request
	var err error
	for i := 0; i < 3; i++ {
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(event))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			return resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(rand.N(time.Second)):
		}
	}
	return err
}
