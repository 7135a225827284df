package keyed

import (
	"context"
	"net/http"
	"time"
)

// A request decorator kept in a package variable, so that tests can
// replace it: one that sets the key header keys the request it is handed.
var decorate = func(req *http.Request, key string) {
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
}

func decorated(ctx context.Context, hc *http.Client, url, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, nil); err != nil {
			return err
		}
		decorate(req, key)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil { // ok: decorate sets Idempotency-Key
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// One that sets other headers only leaves the request without a key.
var typed = func(req *http.Request) {
	req.Header.Set("Content-Type", "application/json")
}

func typedOnly(ctx context.Context, hc *http.Client, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, nil); err != nil {
			return err
		}
		typed(req)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil { // want `retry wraps an HTTP POST with no Idempotency-Key header`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// A decorator that may also be set from outside (a parameter) is not
// known whole: the key it may set is not counted.
var hook func(*http.Request, string)

func SetHook(h func(*http.Request, string)) { hook = h }

func hooked(ctx context.Context, hc *http.Client, url, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, nil); err != nil {
			return err
		}
		hook(req, key)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil { // want `retry wraps an HTTP POST with no Idempotency-Key header`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
