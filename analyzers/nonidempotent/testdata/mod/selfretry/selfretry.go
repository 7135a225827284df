// Package selfretry has helpers that retry inside and send the method
// their caller names: the call that names a method that is not
// idempotent is the one reported, whether or not it is in a retry.
package selfretry

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

type API struct {
	hc   *http.Client
	base string
}

func (a *API) once(ctx context.Context, method, path string) error { // want once:`nonidempotent\(an HTTP request, method of argument 2\)`
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Retried tries once up to four times.
func (a *API) Retried(ctx context.Context, method, path string) error { // want Retried:`nonidempotent\(an HTTP request via API.once, method of argument 2, retried by API.Retried\)`
	var err error
	for i := 0; i < 4; i++ {
		if err = a.once(ctx, method, path); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * 200 * time.Millisecond)
	}
	return err
}

func (a *API) CreateOrder(ctx context.Context) error {
	return a.Retried(ctx, http.MethodPost, "/orders") // want `API.Retried retries API.once, which sends an HTTP POST with no Idempotency-Key header`
}

// Twin: PUT is idempotent.
func (a *API) ReplaceOrder(ctx context.Context) error {
	return a.Retried(ctx, http.MethodPut, "/orders/1")
}

// withBackoff builds and sends the request in the operation it retries.
func (a *API) withBackoff(ctx context.Context, method, path string) error { // want withBackoff:`nonidempotent\(an HTTP request, method of argument 2, retried by API.withBackoff\)`
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, method, a.base+path, nil)
		if err != nil {
			return err
		}
		resp, err := a.hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

func (a *API) Amend(ctx context.Context) error {
	if err := a.withBackoff(ctx, http.MethodDelete, "/orders/1/hold"); err != nil {
		return err
	}
	return a.withBackoff(ctx, http.MethodPatch, "/orders/1") // want `API.withBackoff retries an HTTP PATCH`
}

// Tables of the methods Call retries: a POST is retried only where the
// table lists it.
var (
	safeMethods  = map[string]bool{http.MethodGet: true, http.MethodPut: true, http.MethodDelete: true}
	retryMethods = map[string]bool{http.MethodGet: true, http.MethodPost: true}
)

func (a *API) Call(ctx context.Context, method, path string) error { // want Call:`nonidempotent\(an HTTP request via API.once, method of argument 2, not DELETE\|GET\|PUT\)`
	if safeMethods[method] {
		return a.Retried(ctx, method, path)
	}
	return a.once(ctx, method, path)
}

func (a *API) CallAny(ctx context.Context, method, path string) error { // want CallAny:`nonidempotent\(an HTTP request via API.Retried -> API.once, method of argument 2, retried by API.Retried, only GET\|POST\)`
	if !retryMethods[method] {
		return a.once(ctx, method, path)
	}
	return a.Retried(ctx, method, path)
}

func (a *API) Refund(ctx context.Context) error {
	if err := a.Call(ctx, http.MethodPost, "/refunds"); err != nil {
		return err
	}
	return a.CallAny(ctx, http.MethodPost, "/refunds") // want `API.Retried retries \(through API.CallAny\) API.once, which sends an HTTP POST`
}
