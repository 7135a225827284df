// Package helper makes keys for other packages: its facts travel to them.
package helper

import (
	"context"
	"log"
	"net/http"

	"github.com/google/uuid"
)

// NewChargeRequest puts a fresh key in a header on every call.
func NewChargeRequest(ctx context.Context, url string) (*http.Request, error) { // want NewChargeRequest:`generatesKey\(uuid.NewString -> the Idempotency-Key header\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	return req, nil
}

// NewKey returns a fresh key.
func NewKey() string { // want NewKey:`freshID\(uuid.New\)`
	return "charge-" + uuid.New().String()
}

// WithKey calls NewKey: the fact goes up the chain.
func WithKey(req *http.Request) { // want WithKey:`generatesKey\(uuid.New -> the X-Idempotency-Key header\)`
	req.Header.Set("X-Idempotency-Key", NewKey())
}

// KeyFor is deterministic: no fact.
func KeyFor(orderID string) string {
	return uuid.NewSHA1(uuid.NameSpaceURL, []byte(orderID)).String()
}

// SpanID is fresh but goes nowhere: only a freshID fact.
func SpanID() string { // want SpanID:`freshID\(uuid.NewString\)`
	return uuid.NewString()
}

// SetKey sends the key it is given, when it is given one; the condition
// is on the key, not on the request, so every call sends its own key.
func SetKey(req *http.Request, k string) { // want SetKey:`sendsKey\(arg 1 -> the Idempotency-Key header\)`
	if k != "" {
		req.Header.Set("Idempotency-Key", k)
	}
}

// LogKey only logs its parameter, whatever its name says.
func LogKey(idempotencyKey string) {
	log.Printf("key %s", idempotencyKey)
}

// WithHeader sets the header its caller names.
func WithHeader(req *http.Request, name, value string) { // want WithHeader:`sendsHeader\(arg 2 -> header named by arg 1\)`
	req.Header.Add(name, value)
}
