package selfretry

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
)

// Helpers that build their request from the method they are given and
// re-derive it in each attempt (go-api-sdk-jamfpro's DoRequest): a
// request re-derived with WithContext or Clone is the request it was
// derived from, with its method, so the call naming the method is
// judged as for a helper that sends the built request itself.

// withContext re-derives the request before each send.
func (a *API) withContext(ctx context.Context, method, path string, body []byte) error { // want withContext:`nonidempotent\(an HTTP request, method of argument 2, retried by API.withContext\)`
	req, err := http.NewRequest(method, a.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	for i := 0; ; i++ {
		if i > 3 {
			return errors.New("max retry attempts reached")
		}
		req = req.WithContext(ctx)
		req.Body = io.NopCloser(bytes.NewReader(body))
		resp, err := a.hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < http.StatusInternalServerError {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// cloned re-derives it after a failed send: the request sent is the
// one built before the loop or its clone from the round before.
func (a *API) cloned(ctx context.Context, method, path string) error { // want cloned:`nonidempotent\(an HTTP request, method of argument 2, retried by API.cloned\)`
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, nil)
	if err != nil {
		return err
	}
	for i := 0; i < 4; i++ {
		resp, err := a.hc.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < http.StatusInternalServerError {
				return nil
			}
		}
		time.Sleep(time.Duration(i+1) * time.Second)
		req = req.Clone(ctx)
	}
	return errors.New("gave up")
}

// keyedWithContext sets a key made once, before the loop, on the
// re-derived request of every attempt.
func (a *API) keyedWithContext(ctx context.Context, method, path string, body []byte) error {
	key := uuid.NewString()
	req, err := http.NewRequest(method, a.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	for i := 0; ; i++ {
		if i > 3 {
			return errors.New("max retry attempts reached")
		}
		req = req.WithContext(ctx)
		req.Header.Set("Idempotency-Key", key)
		req.Body = io.NopCloser(bytes.NewReader(body))
		resp, err := a.hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < http.StatusInternalServerError {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func (a *API) Invoice(ctx context.Context, body []byte) error {
	if err := a.withContext(ctx, http.MethodGet, "/invoices/1", nil); err != nil {
		return err
	}
	if err := a.cloned(ctx, http.MethodGet, "/invoices/1"); err != nil {
		return err
	}
	if err := a.keyedWithContext(ctx, http.MethodPost, "/invoices", body); err != nil {
		return err
	}
	if err := a.withContext(ctx, http.MethodPost, "/invoices", body); err != nil { // want `API.withContext retries an HTTP POST with no Idempotency-Key header`
		return err
	}
	return a.cloned(ctx, "POST", "/invoices/1/send") // want `API.cloned retries an HTTP POST with no Idempotency-Key header`
}
