package keys

import (
	"context"
	"log"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
	"github.com/rs/xid"
	"github.com/stripe/stripe-go/v85"

	"example.com/keyregentest/helper"
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

// The same, with the key in a variable first and the helper a method.
type api struct{ hc *http.Client }

func (a *api) withKey(req *http.Request, k string) *http.Request { // want withKey:`sendsKey\(arg 1 -> the Idempotency-Key header\)`
	setKey(req, k) // through a second helper
	return req
}

func helperMethod(ctx context.Context, a *api) error {
	return backoff.Retry(func() error {
		k := uuid.New().String() // want `idempotency key from uuid\.New is generated`
		_, err := a.hc.Do(a.withKey(newReq(ctx), k))
		return err
	}, backoff.NewExponentialBackOff())
}

// A helper that builds the request body, the key in a field, and sends
// it only when given one.
type chargeBody struct {
	Amount         int64
	IdempotencyKey string
}

func postCharge(b chargeBody) error { return nil }

func chargeWith(amount int64, token string) error { // want chargeWith:`sendsKey\(arg 1 -> field IdempotencyKey\)`
	b := chargeBody{Amount: amount}
	if token != "" {
		b.IdempotencyKey = token
	}
	return postCharge(b)
}

func helperField() error {
	return retry.Do(func() error {
		return chargeWith(100, uuid.NewString()) // want `idempotency key from uuid\.NewString is generated`
	})
}

// A helper around an SDK: stripe's Params.IdempotencyKey.
func stripeParams(s string) *stripe.ChargeCreateParams { // want stripeParams:`sendsKey\(arg 0 -> field IdempotencyKey\)`
	p := &stripe.ChargeCreateParams{Amount: stripe.Int64(100)}
	p.IdempotencyKey = stripe.String(s)
	return p
}

func helperSDK(ctx context.Context, sc *stripe.Client) error {
	return retry.Do(func() error {
		_, err := sc.V1Charges.Create(ctx, stripeParams(uuid.NewString())) // want `idempotency key from uuid\.NewString is generated`
		return err
	})
}

// Helpers of another package, through their facts.
func helperCrossPackage(ctx context.Context) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		helper.SetKey(req, uuid.NewString()) // want `idempotency key from uuid\.NewString is generated`
		return send(req)
	})
}

// An interface method has no body to read: its declared parameter name
// is the contract.
type Payments interface {
	Charge(ctx context.Context, amount int64, idempotencyKey string) error
	Refund(ctx context.Context, charge string) error
}

func viaInterface(ctx context.Context, p Payments) error {
	return retry.Do(func() error {
		return p.Charge(ctx, 100, uuid.NewString()) // want `idempotency key from uuid\.NewString is generated`
	})
}

// --- Negative twins -------------------------------------------------

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

// traceHeader puts its parameter in a header that is no key.
func traceHeader(req *http.Request, idempotencyKey string) {
	req.Header.Set("X-Trace-Id", idempotencyKey)
}

func helperOtherHeader(ctx context.Context) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		traceHeader(req, uuid.NewString())
		return send(req)
	})
}

// ensureKey keeps the key a request already has: a request built once
// and sent again keeps its first key.
func ensureKey(req *http.Request, key string) {
	if req.Header.Get("Idempotency-Key") == "" {
		req.Header.Set("Idempotency-Key", key)
	}
}

func helperLazy(ctx context.Context) error {
	req := newReq(ctx)
	return retry.Do(func() error {
		ensureKey(req, uuid.NewString())
		return send(req)
	})
}

// The key handed to the helper is made before the retry.
func helperKeyOutside(ctx context.Context) error { // want helperKeyOutside:`generatesKey\(uuid\.NewString -> the Idempotency-Key header\)`
	key := uuid.NewString()
	return retry.Do(func() error {
		req := newReq(ctx)
		setKey(req, key)
		return send(req)
	})
}

// A parameter not named like a key on an interface method says nothing.
func viaInterfaceOther(ctx context.Context, p Payments) error {
	return retry.Do(func() error {
		return p.Refund(ctx, uuid.NewString())
	})
}

// A helper of another package that only logs its key parameter.
func helperCrossPackageLogs(ctx context.Context) error {
	return retry.Do(func() error {
		helper.LogKey(uuid.NewString())
		return send(newReq(ctx))
	})
}

// A request ID handed to a helper is reported only with -requestid.
func tagRequest(req *http.Request, id string) { // want tagRequest:`sendsRequestID\(arg 1 -> the X-Request-ID header\)`
	req.Header.Set("X-Request-ID", id)
}

func helperRequestID(ctx context.Context) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		tagRequest(req, uuid.NewString())
		return send(req)
	})
}

// A chain across packages: this helper hands its parameter to
// helper.SetKey, whose fact says it sends it.
func forwardKey(req *http.Request, k string) { // want forwardKey:`sendsKey\(arg 1 -> the Idempotency-Key header\)`
	helper.SetKey(req, k)
}

func helperChain(ctx context.Context) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		forwardKey(req, uuid.NewString()) // want `idempotency key from uuid\.NewString is generated`
		return send(req)
	})
}

// A helper that sets any header: the caller names it.
func setHeader(req *http.Request, name, value string) { // want setHeader:`sendsHeader\(arg 2 -> header named by arg 1\)`
	req.Header.Set(name, value)
}

// An option in the shape SDK request options take, through a closure.
type reqOption func(*http.Request)

func withHeader(name, value string) reqOption { // want withHeader:`sendsHeader\(arg 1 -> header named by arg 0\)`
	return func(req *http.Request) { setHeader(req, name, value) }
}

func helperNamedHeader(ctx context.Context, hdr string) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		setHeader(req, "Idempotency-Key", uuid.NewString())           // want `idempotency key from uuid\.NewString is generated`
		withHeader("X-Idempotency-Key", uuid.NewString())(req)        // want `idempotency key from uuid\.NewString is generated`
		helper.WithHeader(req, "Idempotency-Key", xid.New().String()) // want `idempotency key from xid\.New is generated`
		setHeader(req, "X-Trace-Id", uuid.NewString())                // no key header
		setHeader(req, hdr, uuid.NewString())                         // a header unknown here
		return send(req)
	})
}

// A helper called in an if statement's init runs on every attempt; the
// context it is given is nothing it writes the key into.
func chargeCtx(ctx context.Context, amount int64, k string) error { // want chargeCtx:`sendsKey\(arg 2 -> field IdempotencyKey\)`
	return postCharge(chargeBody{Amount: amount, IdempotencyKey: k})
}

func helperInIfInit(ctx context.Context) error {
	return retry.Do(func() error {
		if err := chargeCtx(ctx, 100, uuid.NewString()); err != nil { // want `idempotency key from uuid\.NewString is generated`
			return err
		}
		return nil
	})
}

// Set only on a request kept across attempts that has no key yet: the
// first key stays.
func helperLazyCaller(ctx context.Context) error {
	req := newReq(ctx)
	return retry.Do(func() error {
		if req.Header.Get("Idempotency-Key") == "" {
			setKey(req, uuid.NewString())
		}
		return send(req)
	})
}
