// Package fix checks the suggested fix that moves the key before the retry.
package fix

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
)

func send(req *http.Request) error {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func newReq(ctx context.Context) *http.Request {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com", nil)
	return req
}

func loop(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		key := uuid.NewString() // want `idempotency key from uuid\.NewString is generated inside the retry \(retry loop`
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", key)
		if err = send(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func closure(ctx context.Context, orderID string) error { // want closure:`sendsKey\(arg 1 -> the Idempotency-Key header\)`
	return backoff.Retry(func() error {
		key := "order-" + orderID + "-" + uuid.New().String() // want `idempotency key from uuid\.New is generated inside the retry \(backoff\.Retry`
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", key)
		return send(req)
	}, backoff.NewExponentialBackOff())
}

// No fix: the name is taken before the retry.
func nameTaken(ctx context.Context) error {
	key := "unused"
	_ = key
	return backoff.Retry(func() error {
		key := uuid.NewString() // want `idempotency key from uuid\.NewString is generated`
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", key)
		return send(req)
	}, backoff.NewExponentialBackOff())
}

// No fix: an input is computed inside the attempt.
func inputInside(ctx context.Context) error {
	return backoff.Retry(func() error {
		req := newReq(ctx)
		key := req.URL.Host + uuid.NewString() // want `idempotency key from uuid\.NewString is generated`
		req.Header.Set("Idempotency-Key", key)
		return send(req)
	}, backoff.NewExponentialBackOff())
}

// No fix: the key is not a plain definition at the top of the attempt.
func notPlain(ctx context.Context) error {
	return backoff.Retry(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `idempotency key from uuid\.NewString is generated`
		return send(req)
	}, backoff.NewExponentialBackOff())
}
