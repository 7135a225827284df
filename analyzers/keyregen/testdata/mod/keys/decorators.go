package keys

import (
	"context"
	"net/http"

	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
)

// Request decorators kept in a package variable or a field, so that tests
// can replace them: one that sets a fresh key sends a new key on every
// attempt it runs in.

var decorate = func(req *http.Request) {
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", uuid.NewString())
}

func decorated(ctx context.Context) error {
	return backoff.Retry(func() error {
		req := newReq(ctx)
		decorate(req) // want `idempotency key from uuid\.NewString \(via decorate\) is generated inside the retry \(backoff\.Retry at`
		return send(req)
	}, backoff.NewExponentialBackOff())
}

type signer struct{ sign func(*http.Request) }

var defaultSigner = &signer{sign: func(req *http.Request) { req.Header.Set("Idempotency-Key", uuid.NewString()) }}

func (s *signer) chargeLoop(ctx context.Context) {
	for i := 0; i < 3; i++ {
		req := newReq(ctx)
		s.sign(req) // want `idempotency key from uuid\.NewString \(via s\.sign\) is generated inside the retry \(retry loop at`
		if err := send(req); err == nil {
			return
		}
	}
}

// Correct: the decorator is handed the key the caller made once.
var decorateWith = func(req *http.Request, key string) {
	req.Header.Set("Idempotency-Key", key)
}

func decoratedOnce(ctx context.Context) error {
	key := uuid.NewString()
	return backoff.Retry(func() error {
		req := newReq(ctx)
		decorateWith(req, key)
		return send(req)
	}, backoff.NewExponentialBackOff())
}

// A decorator its importers may replace (exported) is not known whole.
var Decorate = func(req *http.Request) {
	req.Header.Set("Idempotency-Key", uuid.NewString())
}

func exportedDecorator(ctx context.Context) error {
	return backoff.Retry(func() error {
		req := newReq(ctx)
		Decorate(req)
		return send(req)
	}, backoff.NewExponentialBackOff())
}
