package status

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/go-resty/resty/v2"
)

type partSender struct{ hc *http.Client }

// put sends the request and turns every status from 300 on into an
// error: a 404 fails the same as a 503.
func (s *partSender) put(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
	if err != nil {
		return err
	}
	resp, err := s.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

// The helper is handed nothing but the function's own parameters: it is
// read through its body all the same.
func (s *partSender) Upload(ctx context.Context, url string) error {
	var last error
	for attempt := 0; attempt < 4; attempt++ {
		err := s.put(ctx, url)
		if err == nil { // want `retry loop retries HTTP 4xx responses such as 404 \(err == nil fails for them\)`
			return nil
		}
		last = err
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return last
}

// putOr5xx returns a permanent error for a 4xx, which the loop stops on.
func (s *partSender) putOr5xx(ctx context.Context, url string) (retry bool, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
	if err != nil {
		return false, err
	}
	resp, err := s.hc.Do(req)
	if err != nil {
		return true, err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return true, fmt.Errorf("status %d", resp.StatusCode)
	}
	if resp.StatusCode >= 300 {
		return false, fmt.Errorf("status %d", resp.StatusCode)
	}
	return false, nil
}

// Twin: the helper tells 4xx from 5xx and the loop stops on its word.
func (s *partSender) UploadClassified(ctx context.Context, url string) error {
	var last error
	for attempt := 0; attempt < 4; attempt++ {
		retry, err := s.putOr5xx(ctx, url)
		if err == nil || !retry {
			return err
		}
		last = err
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return last
}

type stockClient struct{ rc *resty.Client }

// push fails on any error status, which resty's IsError reports: read
// through the body the answer is unknown, so the call keeps the
// scenario's outcome, as a call of another package does.
func (c *stockClient) push(ctx context.Context, sku string) error {
	resp, err := c.rc.R().SetContext(ctx).Put("/stock/" + sku)
	if err != nil {
		return err
	}
	if resp.IsError() {
		return fmt.Errorf("push %s: status %d", sku, resp.StatusCode())
	}
	return nil
}

func (c *stockClient) syncWithRetry(ctx context.Context, sku string, left int) error {
	err := c.push(ctx, sku)
	if err != nil && left > 0 { // want `recursive retry retries HTTP 4xx responses such as 404`
		time.Sleep(500 * time.Millisecond) // want `retry loop waits with time.Sleep and never checks ctx`
		return c.syncWithRetry(ctx, sku, left-1)
	}
	return err
}
