// Package classified holds retries whose decision is made by a
// classifier of another package (lib), read through the fact the
// recognizer exports for it, each beside its twin that stops on 4xx.
package classified

import (
	"context"
	"errors"
	"net/http"
	"time"

	"example.com/retryclasstest/classified/lib"
)

// The shared classifier stops on 400 and 401 only.
func getRetryable(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	var lastErr error
	for attempt := 0; attempt <= 3; attempt++ {
		b, err := lib.Get(ctx, c, url)
		if err == nil { // want `retry loop retries HTTP 4xx responses such as 404 \(it stops on 400 and 401 only, the other 4xx go round\)`
			return b, nil
		}
		if !lib.IsRetryable(err) {
			return nil, err
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, lastErr
}

// The same loop with the classifier that stops on 4xx: quiet.
func getTransient(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	var lastErr error
	for attempt := 0; attempt <= 3; attempt++ {
		b, err := lib.Get(ctx, c, url)
		if err == nil {
			return b, nil
		}
		if !lib.IsTransient(err) {
			return nil, err
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, lastErr
}

// The typed error's own method decides, and says yes to a 404.
func getTemporary(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = lib.Get(ctx, c, url); err == nil { // want `retry loop retries HTTP 4xx responses such as 404`
			return nil
		}
		var apiErr *lib.APIError
		if errors.As(err, &apiErr) && !apiErr.Temporary() {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// The method that says no to a 404: quiet.
func getRetryableMethod(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = lib.Get(ctx, c, url); err == nil {
			return nil
		}
		var apiErr *lib.APIError
		if errors.As(err, &apiErr) && !apiErr.Retryable() {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// A method of another package without a fact (an interface's) is not
// read: quiet, like any decision the analyzer cannot read.
type temporary interface{ Temporary() bool }

func getIface(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = lib.Get(ctx, c, url); err == nil {
			return nil
		}
		var t temporary
		if errors.As(err, &t) && !t.Temporary() {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// A status classifier of another package: every non-2xx goes round.
func post(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	for i := 0; ; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if !lib.ShouldRetryStatus(resp.StatusCode) || i >= 3 { // want `retry loop retries HTTP 4xx responses such as 404 \(!lib.ShouldRetryStatus\(resp.StatusCode\) \|\| i >= 3 fails for them\)`
			return resp, nil
		}
		resp.Body.Close()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// The status classifier that stops on 4xx: quiet.
func postOK(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	for i := 0; ; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if !lib.ShouldRetryStatusOK(resp.StatusCode) || i >= 3 {
			return resp, nil
		}
		resp.Body.Close()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
