package classified

import (
	"context"
	"errors"
	"net/http"
	"time"

	"example.com/retryclasstest/classified/lib"
)

// lib.CodeError keeps the status in Code, which lib fills from the
// response: lib's classifiers are read through their facts, and a test
// of Code here against a status of net/http reads it too.

// The shared classifier stops on 400, 401 and 403 only.
func getCodeRetryable(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		b, err := lib.GetCode(ctx, c, url)
		if err == nil { // want `retry loop retries HTTP 4xx responses such as 404 \(it stops on 400, 401 and 403 only, the other 4xx go round\)`
			return b, nil
		}
		lastErr = err
		if !lib.ShouldRetryCode(err) {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, lastErr
}

// The classifier that stops on 4xx: quiet.
func getCodeTransient(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		b, err := lib.GetCode(ctx, c, url)
		if err == nil {
			return b, nil
		}
		lastErr = err
		if !lib.IsTransientCode(err) {
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, lastErr
}

// Code compared here with http.StatusNotFound: only 404 stops.
func getCodeOne(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	var err error
	for try := 0; try < 4; try++ {
		var b []byte
		if b, err = lib.GetCode(ctx, c, url); err == nil { // want `retry loop retries HTTP 4xx responses such as 400 \(it stops on 404 only, the other 4xx go round\)`
			return b, nil
		}
		var ce *lib.CodeError
		if errors.As(err, &ce) && ce.Code == http.StatusNotFound {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second << try):
		}
	}
	return nil, err
}

// Every 4xx but 429 stops: quiet.
func getCodeRange(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	var err error
	for try := 0; try < 4; try++ {
		var b []byte
		if b, err = lib.GetCode(ctx, c, url); err == nil {
			return b, nil
		}
		if ce := (*lib.CodeError)(nil); errors.As(err, &ce) && ce.Code < 500 && ce.Code != http.StatusTooManyRequests {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second << try):
		}
	}
	return nil, err
}

// The error's own method says yes to every 4xx.
func getCodeTemporary(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	var err error
	for try := 0; try < 4; try++ {
		var b []byte
		if b, err = lib.GetCode(ctx, c, url); err == nil { // want `retry loop retries HTTP 4xx responses such as 404`
			return b, nil
		}
		var ce *lib.CodeError
		if errors.As(err, &ce) && !ce.Temporary() {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second << try):
		}
	}
	return nil, err
}

// The method that says yes to 5xx and 429 alone: quiet.
func getCodeRetryableMethod(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	var err error
	for try := 0; try < 4; try++ {
		var b []byte
		if b, err = lib.GetCode(ctx, c, url); err == nil {
			return b, nil
		}
		var ce *lib.CodeError
		if errors.As(err, &ce) && !ce.Retryable() {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second << try):
		}
	}
	return nil, err
}
