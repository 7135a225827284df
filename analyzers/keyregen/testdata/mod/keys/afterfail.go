package keys

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

// A key made again when the server answers 503, read through a copy of
// the status: the next attempt sends another key.
func keyAfterStatus(ctx context.Context) error { // want keyAfterStatus:`generatesKey\(uuid\.NewString -> the Idempotency-Key header\)`
	req := newReq(ctx)
	req.Header.Set("Idempotency-Key", uuid.NewString())
	for range 3 {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		code := resp.StatusCode
		if code < 500 {
			return nil
		}
		if code == http.StatusServiceUnavailable {
			req.Header.Set("Idempotency-Key", uuid.NewString()) // want `idempotency key from uuid\.NewString is generated inside the retry \(retry loop at`
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

// Twin: made again only after a 2xx, for the next request; the attempts
// of this retry keep theirs.
func keyAfterSuccessStatus(ctx context.Context) error { // want keyAfterSuccessStatus:`generatesKey\(uuid\.NewString -> the Idempotency-Key header\)`
	req := newReq(ctx)
	req.Header.Set("Idempotency-Key", uuid.NewString())
	return retry.Do(func() error {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode < 300 {
			req.Header.Set("Idempotency-Key", uuid.NewString())
		}
		if resp.StatusCode >= 500 {
			return errors.New("server error")
		}
		return nil
	})
}
