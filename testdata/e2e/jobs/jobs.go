// Package jobs runs background work with the platform's retry setup.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

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
