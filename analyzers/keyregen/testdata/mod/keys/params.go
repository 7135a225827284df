package keys

import (
	"context"
	"log"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

// A key made in the attempt and handed to a helper is followed to where
// the helper puts it. The helper's parameter name plays no part.

// setKey puts its parameter in the Idempotency-Key header.
func setKey(req *http.Request, key string) { // want setKey:`sendsKey\(arg 1 -> the Idempotency-Key header\)`
	req.Header.Set("Idempotency-Key", key)
}

func helperNamedKey(ctx context.Context) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		setKey(req, uuid.NewString()) // want `idempotency key from uuid\.NewString is generated inside the retry \(retry\.Do at params\.go:\d+\)`
		return send(req)
	})
}

// logKey is named like a key, but only logs it: not a sink.
func logKey(idempotencyKey string) {
	log.Printf("attempt with key %s", idempotencyKey)
}

func helperOnlyLogs(ctx context.Context) error {
	return retry.Do(func() error {
		logKey(uuid.NewString())
		return send(newReq(ctx))
	})
}
