// Package kept holds the twin: the error keeps the server's wait, and
// the loop waits it.
package kept

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

type StatusError struct {
	Code       int
	RetryAfter time.Duration
}

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
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		return &StatusError{Code: resp.StatusCode, RetryAfter: time.Duration(secs) * time.Second}
	}
	return nil
}

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
		if !temporary(err) {
			return err
		}
		wait := 2 * time.Second
		var se *StatusError
		if errors.As(err, &se) && se.RetryAfter > 0 {
			wait = se.RetryAfter
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
	return err
}
