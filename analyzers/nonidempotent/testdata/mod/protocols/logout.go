// Package protocols holds requests that are safe to repeat by what they
// carry or where they go, next to the look-alikes that are not: a form
// with a protocol's replay-key field or an idempotency key field
// (logout.go), and a local admin API's state-setting POSTs (admin.go).
package protocols

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
)

// OpenID Connect Back-Channel Logout, as ory/hydra v2.3.0 sends it
// (consent/strategy_default.go): the token, a JWT with a jti, is made
// once, and the retrying client replays the same form.
func backChannelLogout(ctx context.Context, cl *retryablehttp.Client, logoutURL, token string) error {
	body := url.Values{"logout_token": {token}}.Encode()
	req, err := retryablehttp.NewRequestWithContext(ctx, "POST", logoutURL, []byte(body))
	if err != nil {
		return err
	}
	req.Header.Add("Content-Type", "application/x-www-form-urlencoded")
	resp, err := cl.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The same form built field by field, posted by a retry loop.
func backChannelLogoutLoop(logoutURL, token string) error {
	form := url.Values{}
	form.Set("logout_token", token)
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = http.Post(logoutURL, "application/x-www-form-urlencoded", strings.NewReader(form.Encode())); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// A form that carries an idempotency key made before the retry: the
// server deduplicates by it as by the header.
func chargeWithFormKey(ctx context.Context, chargeURL string) error {
	key := uuid.NewString()
	return backoff.Retry(func() error {
		resp, err := http.PostForm(chargeURL, url.Values{"amount": {"100"}, "idempotency_key": {key}})
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// --- Twins that stay reported ----------------------------------------

// A plain form POST on the same retrying client: nothing in it lets the
// server tell a repeat from a new request.
func plainForm(ctx context.Context, cl *retryablehttp.Client, ordersURL, item string) error {
	body := url.Values{"item": {item}, "token": {uuid.NewString()}}.Encode()
	req, err := retryablehttp.NewRequestWithContext(ctx, "POST", ordersURL, []byte(body))
	if err != nil {
		return err
	}
	resp, err := cl.Do(req) // want `retryablehttp.Client.Do retries an HTTP POST with no Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The field name is a variable: the body is not read.
func formFieldFromVariable(field, logoutURL, token string) error {
	form := url.Values{}
	form.Set(field, token)
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = http.Post(logoutURL, "application/x-www-form-urlencoded", strings.NewReader(form.Encode())); err == nil { // want `retry wraps an HTTP POST with no Idempotency-Key header`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return fmt.Errorf("logout: %w", err)
}
