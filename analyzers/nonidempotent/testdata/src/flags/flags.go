// Package flags is analyzed with -keyheaders=X-Dedup-Token.
package flags

import (
	"net/http"
	"time"
)

// dedup sends a key in a header only the flag names.
func dedup(c *http.Client, u, key string) error {
	req, err := http.NewRequest(http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("x-dedup-token", key)
	for i := 0; i < 3; i++ {
		if _, err = c.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// requestID: a request ID is not an idempotency key.
func requestID(c *http.Client, u, id string) error {
	req, err := http.NewRequest(http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("X-Request-Id", id)
	for i := 0; i < 3; i++ {
		if _, err = c.Do(req); err == nil { // want `retry wraps an HTTP POST with no Idempotency-Key header`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
