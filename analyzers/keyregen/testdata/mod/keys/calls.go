package keys

import (
	"context"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"

	"example.com/keyregentest/helper"
)

// withRetry is a retry wrapper; its closure argument is an attempt body.
func withRetry(f func() error) error {
	var err error
	for range 3 {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func wrapped(ctx context.Context) error {
	return withRetry(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `idempotency key from uuid\.NewString is generated inside the retry \(withRetry at`
		return send(req)
	})
}

// newChargeRequest puts a fresh key in a header on every call.
func newChargeRequest(ctx context.Context) *http.Request { // want newChargeRequest:`generatesKey\(uuid\.NewString -> the Idempotency-Key header\)`
	req := newReq(ctx)
	req.Header.Set("Idempotency-Key", uuid.NewString())
	return req
}

func localHelper(ctx context.Context) error {
	return retry.Do(func() error {
		return send(newChargeRequest(ctx)) // want `idempotency key from uuid\.NewString \(via newChargeRequest\) is generated inside the retry \(retry\.Do at`
	})
}

// newKey returns a fresh key; its result is a generated value.
func newKey() string { // want newKey:`freshID\(uuid\.NewString\)`
	return "order-" + uuid.NewString()
}

func localFresh(ctx context.Context) error {
	return retry.Do(func() error {
		k := newKey() // want `idempotency key from uuid\.NewString \(via newKey\) is generated`
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", k)
		return send(req)
	})
}

// Facts from another package.
func crossPackage(ctx context.Context) error {
	err := retry.Do(func() error {
		req, err := helper.NewChargeRequest(ctx, chargeURL) // want `idempotency key from uuid\.NewString \(via helper\.NewChargeRequest\) is generated`
		if err != nil {
			return err
		}
		return send(req)
	})
	if err != nil {
		return err
	}
	err = retry.Do(func() error {
		req := newReq(ctx)
		helper.WithKey(req) // want `idempotency key from uuid\.New \(via helper\.WithKey\) is generated`
		return send(req)
	})
	if err != nil {
		return err
	}
	return retry.Do(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", helper.NewKey()) // want `idempotency key from uuid\.New \(via helper\.NewKey\) is generated`
		return send(req)
	})
}

// Client.charge is passed to the retry by name: reported at the argument.
type Client struct{ hc *http.Client }

func (c *Client) charge() error { // want charge:`generatesKey\(uuid\.NewString -> the Idempotency-Key header\)`
	req, _ := http.NewRequest(http.MethodPost, chargeURL, nil)
	req.Header.Set("Idempotency-Key", uuid.NewString())
	_, err := c.hc.Do(req)
	return err
}

func (c *Client) namedOp() error {
	return backoff.Retry(c.charge, backoff.NewExponentialBackOff()) // want `idempotency key from uuid\.NewString \(via Client\.charge\) is generated inside the retry \(backoff\.Retry at`
}

// A key generated in an inner retry belongs to the inner retry only.
func nested(ctx context.Context) error {
	return backoff.Retry(func() error {
		for i := 0; i < 3; i++ {
			req := newReq(ctx)
			req.Header.Set("Idempotency-Key", uuid.NewString()) // want `generated inside the retry \(retry loop at`
			if err := send(req); err == nil {
				return nil
			}
			time.Sleep(time.Second)
		}
		return errRetry
	}, backoff.NewExponentialBackOff())
}

// A function that retries inside gets no fact: the finding is inside it.
func retriesInside(ctx context.Context) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `generated inside the retry \(retry\.Do at`
		return send(req)
	})
}

func callsRetriesInside(ctx context.Context) error {
	return backoff.Retry(func() error { return retriesInside(ctx) }, backoff.NewExponentialBackOff())
}
