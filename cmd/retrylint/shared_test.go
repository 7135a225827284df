package main

import (
	"strings"
	"testing"
)

// TestSharedKeyHeaders: a header added once, with -keyheaders, is
// honoured by both analyzers that read idempotency keys. Without it,
// X-Dedup-Key is no key: keyregen is silent and nonidempotent reports
// both POSTs as keyless. With it, keyregen reports the key made per
// attempt and nonidempotent reports neither POST (one defect, one
// finding). Standalone and under go vet, which gets the flag from the
// tool's -flags list. The runs without -keyheaders share go vet's cache of
// the standard library with TestGolden's, and go vet -json with
// -keyheaders shares the standalone run's (the same flags, in the same
// order): each new set of flags analyzes all of net/http's closure again.
func TestSharedKeyHeaders(t *testing.T) {
	dir := tinyModule(t, `package p

import (
	"crypto/rand"
	"errors"
	"net/http"
	"time"
)

// Regen makes the X-Dedup-Key anew on every attempt.
func Regen(c *http.Client, url string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequest(http.MethodPost, url, nil)
		if err != nil {
			return err
		}
		req.Header.Set("X-Dedup-Key", rand.Text())
		if resp, err := c.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errors.New("regen failed")
}

// Once makes the X-Dedup-Key once, before the retry.
func Once(c *http.Client, url string) error {
	key := rand.Text()
	for i := 0; i < 3; i++ {
		req, err := http.NewRequest(http.MethodPost, url, nil)
		if err != nil {
			return err
		}
		req.Header.Set("X-Dedup-Key", key)
		if resp, err := c.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errors.New("once failed")
}
`)
	const (
		regen   = "p/p.go:17:33: idempotency key from rand.Text is generated inside the retry"
		keyless = "retry wraps an HTTP POST with no Idempotency-Key header"
	)
	r := run(t, dir, "./...")
	if r.code != 3 || strings.Count(r.stdout, keyless) != 2 || strings.Contains(r.stdout, regen) {
		t.Errorf("without -keyheaders: exit %d; want two keyless POSTs and no keyregen finding:\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = run(t, dir, "-keyheaders=X-Dedup-Key", "./...")
	v := vet(t, dir, "-json", "-keyheaders=X-Dedup-Key", "./...")
	const regenJSON = `"message": "idempotency key from rand.Text is generated inside the retry`
	if !strings.Contains(r.stdout, regen) || strings.Contains(r.stdout, keyless) {
		t.Errorf("retrylint -keyheaders=X-Dedup-Key: want the keyregen finding and no keyless POST:\n%s", r.stdout)
	}
	if !strings.Contains(v.stdout, regenJSON) || strings.Contains(v.stdout, keyless) {
		t.Errorf("go vet -json -keyheaders=X-Dedup-Key: want the keyregen finding and no keyless POST:\n%s", v.stdout)
	}
	if r.code != 3 || v.code != 0 {
		t.Errorf("-keyheaders=X-Dedup-Key: exit %d (retrylint), %d (go vet -json), want 3 and 0\n%s%s", r.code, v.code, r.stderr, v.stderr)
	}
	if r := run(t, dir, "-keyheaders=X-Dedup-Key: x", "./..."); r.code != 2 || !strings.Contains(r.stderr, "not a header name") {
		t.Errorf("-keyheaders with a bad name: exit %d, want 2 and a clear message:\n%s", r.code, r.stderr)
	}
}
