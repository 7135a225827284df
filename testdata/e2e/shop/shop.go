// Package shop holds one example of each kind of retry code retrylint
// reports, next to the corrected version that it does not report.
package shop

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"

	"example.com/e2e/store"
)

// Checkout retries a function that already retries: 3 x 4 attempts.
func Checkout(ctx context.Context, db *sql.DB, id string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = store.Save(ctx, db, id); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Charge makes a new idempotency key on every attempt.
func Charge(ctx context.Context, url string, body []byte) error {
	return backoff.Retry(func() error {
		key := uuid.NewString()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3), ctx))
}

// Status calls a server through a client with no timeout.
func Status(url string) (int, error) {
	resp, err := http.Get(url)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}

// Poll doubles its delay with no cap and no jitter, forever.
func Poll(ctx context.Context, ping func(context.Context) error) {
	d := 100 * time.Millisecond
	for {
		if err := ping(ctx); err == nil {
			return
		}
		time.Sleep(d)
		d *= 2
	}
}

// Transfer retries an INSERT whose first attempt may have committed.
func Transfer(ctx context.Context, db *sql.DB, from, to string, cents int64) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = db.ExecContext(ctx, "INSERT INTO transfers (src, dst, cents) VALUES ($1, $2, $3)", from, to, cents)
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	return err
}

// Notify posts through a retrying client: a POST without a key, retried.
func Notify(url string, body []byte) error {
	resp, err := retryablehttp.Post(url, "application/json", body)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ChargeOnce is Charge done right: one key for every attempt, capped,
// jittered and bounded delays, the caller's context.
func ChargeOnce(ctx context.Context, url string, body []byte) error {
	key := uuid.NewString()
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3), ctx))
}

// PollCapped is Poll done right: capped, jittered, bounded by ctx.
func PollCapped(ctx context.Context, ping func(context.Context) error) error {
	d := 100 * time.Millisecond
	for {
		if err := ping(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return errors.Join(ctx.Err(), errors.New("gave up polling"))
		case <-time.After(rand.N(d)):
		}
		d = min(2*d, 10*time.Second)
	}
}
