// Package keyed retries POSTs whose headers a helper of another package
// (keyhdr) sets: a key set there on the request sent keeps it quiet.
package keyed

import (
	"context"
	"net/http"
	"time"

	"example.com/nonidemtest/keyhdr"
)

func keyed(ctx context.Context, hc *http.Client, url, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, nil); err != nil {
			return err
		}
		keyhdr.SetKey(req, key)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil { // ok: keyhdr.SetKey sets Idempotency-Key
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func keyedHeader(ctx context.Context, hc *http.Client, url, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, nil); err != nil {
			return err
		}
		keyhdr.SetKeyHeader(req.Header, key)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil { // ok: the key is set in req.Header
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func signed(ctx context.Context, hc *http.Client, s *keyhdr.Signer, url, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, nil); err != nil {
			return err
		}
		s.Sign(key, req)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil { // ok: Signer.Sign sets the key on its second argument
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twins: a helper that sets only a trace header, one that only reads
// the key header, and a key set on another request.

func traced(ctx context.Context, hc *http.Client, url, id string) error {
	var err error
	for i := 0; i < 3; i++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, nil); err != nil {
			return err
		}
		keyhdr.SetTrace(req, id)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil { // want `retry wraps an HTTP POST with no Idempotency-Key header`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func checked(ctx context.Context, hc *http.Client, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, nil); err != nil {
			return err
		}
		if keyhdr.HasKey(req) {
			return nil
		}
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil { // want `retry wraps an HTTP POST with no Idempotency-Key header`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func keyedOther(ctx context.Context, hc *http.Client, url, key string, other *http.Request) error {
	var err error
	for i := 0; i < 3; i++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, nil); err != nil {
			return err
		}
		keyhdr.SetKey(other, key)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil { // want `retry wraps an HTTP POST with no Idempotency-Key header`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// An API's own key header, named for what it is (YooKassa's
// Idempotence-Key, k6's k6-Idempotency-Key), set once before the retry:
// the server deduplicates the attempts.
func ownKeyHeader(ctx context.Context, hc *http.Client, url, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, nil); err != nil {
			return err
		}
		req.Header.Set("Idempotence-Key", key)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil { // ok: a key header by its name
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// A header whose name says nothing of idempotency is no key.
func dedupHeader(ctx context.Context, hc *http.Client, url, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, nil); err != nil {
			return err
		}
		req.Header.Set("X-Client-Ref", key)
		var resp *http.Response
		if resp, err = hc.Do(req); err == nil { // want `retry wraps an HTTP POST with no Idempotency-Key header`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
