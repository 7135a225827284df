// Package typedpushback holds retries whose attempt turns an answer into
// an error carrying the status, told apart by a classifier of the
// package.
package typedpushback

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

type StatusError struct{ Code int }

func (e *StatusError) Error() string { return fmt.Sprintf("status %d", e.Code) }

func send(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return &StatusError{Code: resp.StatusCode}
	}
	return nil
}

// temporary retries a 429 as a 5xx: the loop waits its own delay for it.
func temporary(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Code == http.StatusTooManyRequests || se.Code >= 500
	}
	return true
}

func syncAll(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = send(ctx, url); err == nil {
			return nil
		}
		if !temporary(err) { // want `retry loop answers HTTP 429 \(temporary\(err\) retries it\) with its own delay and never reads Retry-After`
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
	return err
}

// serverSide retries 5xx alone: a 429 ends the loop.
func serverSide(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Code >= 500
	}
	return true
}

func syncServerErrors(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = send(ctx, url); err == nil {
			return nil
		}
		if !serverSide(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
	return err
}
