package pushback

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/avast/retry-go/v4"
)

// An operation handed to retry-go that turns a 429 into a retryable
// error: the library waits its own delay.
func getLimited(ctx context.Context, url string) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return retry.Unrecoverable(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests { // want `retry.Do answers HTTP 429 with its own delay and never reads Retry-After: .*; give retry.DelayType a function`
			return fmt.Errorf("rate limited")
		}
		if resp.StatusCode != http.StatusOK {
			return retry.Unrecoverable(fmt.Errorf("status %d", resp.StatusCode))
		}
		return nil
	}, retry.Context(ctx), retry.Attempts(5))
}

type throttled struct{ wait time.Duration }

func (t *throttled) Error() string { return "throttled" }

// The twin hands the server's wait to a delay function of its own.
func getWaiting(ctx context.Context, url string) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return retry.Unrecoverable(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
			return &throttled{wait: time.Duration(secs) * time.Second}
		}
		return nil
	}, retry.Context(ctx), retry.Attempts(5), retry.DelayType(func(n uint, err error, c *retry.Config) time.Duration {
		var t *throttled
		if errors.As(err, &t) {
			return t.wait
		}
		return retry.BackOffDelay(n, err, c)
	}))
}

type statusErr struct{ code int }

func (e *statusErr) Error() string { return fmt.Sprintf("status %d", e.code) }

func sendOnce(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return retry.Unrecoverable(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
		return &statusErr{code: resp.StatusCode}
	}
	return nil
}

// busyToo retries a 429 as it retries a 5xx, and every other error.
func busyToo(err error) bool {
	var se *statusErr
	if errors.As(err, &se) {
		return se.code == http.StatusTooManyRequests || se.code >= 500
	}
	return !errors.Is(err, context.Canceled)
}

// The classifier sends a 429 round to the library's own delay.
func getClassified(ctx context.Context, url string) error {
	return retry.Do(func() error { return sendOnce(ctx, url) },
		retry.Context(ctx), retry.Attempts(5), retry.RetryIf(busyToo)) // want `retry.Do answers HTTP 429 \(RetryIf busyToo retries it\) with its own delay`
}

// serverOnly stops on the answers that say when to come back, 429 and
// 503 (the caller waits what they say).
func serverOnly(err error) bool {
	var se *statusErr
	if errors.As(err, &se) {
		return se.code == 500 || se.code == 502 || se.code == 504
	}
	return !errors.Is(err, context.Canceled)
}

func getServerOnly(ctx context.Context, url string) error {
	return retry.Do(func() error { return sendOnce(ctx, url) },
		retry.Context(ctx), retry.Attempts(5), retry.RetryIf(serverOnly))
}
