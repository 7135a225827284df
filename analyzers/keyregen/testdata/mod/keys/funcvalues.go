package keys

import (
	"context"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
)

// Generators injected as function values, so that tests can replace
// them: a call through the value is a generator when every function the
// package can put there is one.

// gateway's newID is unexported and set only by its constructor.
type gateway struct {
	newID func() string
}

func newGateway() *gateway { return &gateway{newID: uuid.NewString} }

func (g *gateway) chargeLoop(req *http.Request) {
	for i := 0; i < 3; i++ {
		req.Header.Set("Idempotency-Key", g.newID()) // want `idempotency key from uuid\.NewString \(via g\.newID\) is generated inside the retry \(retry loop at`
		if err := send(req); err == nil {
			return
		}
	}
}

func (g *gateway) chargeBackoff(ctx context.Context) error {
	return backoff.Retry(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", g.newID()) // want `idempotency key from uuid\.NewString \(via g\.newID\) is generated inside the retry \(backoff\.Retry at`
		return send(req)
	}, backoff.NewExponentialBackOff())
}

// Correct: the key is made once, through the same value, before the
// retry. Each call makes one key: the fact says so, as beforeLoop's.
func (g *gateway) chargeOnce(ctx context.Context) error { // want chargeOnce:`generatesKey\(uuid\.NewString -> the Idempotency-Key header\)`
	key := g.newID()
	return backoff.Retry(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", key)
		return send(req)
	}, backoff.NewExponentialBackOff())
}

// A method that returns what the value makes is a generator too.
func (g *gateway) key() string { // want key:`freshID\(uuid\.NewString\)`
	return "pay-" + g.newID()
}

func (g *gateway) chargeViaMethod(ctx context.Context) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", g.key()) // want `idempotency key from uuid\.NewString \(via gateway\.key\) is generated`
		return send(req)
	})
}

// newKeyVar is unexported and never reassigned.
var newKeyVar = uuid.NewString

func pkgVar(req *http.Request) {
	for i := 0; i < 3; i++ {
		req.Header.Set("Idempotency-Key", newKeyVar()) // want `idempotency key from uuid\.NewString \(via newKeyVar\) is generated inside the retry`
		if err := send(req); err == nil {
			return
		}
	}
}

// A package variable set to a helper of the package that returns a
// fresh ID.
var orderKeyFunc = newKey

func pkgVarHelper(ctx context.Context) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		req.Header.Set("Idempotency-Key", orderKeyFunc()) // want `idempotency key from uuid\.NewString \(via orderKeyFunc -> newKey\) is generated`
		return send(req)
	})
}

// A local function value, called in the loop and captured by the
// closure of a retry library.
func localValue(ctx context.Context, req *http.Request) error {
	gen := uuid.NewString
	for i := 0; i < 3; i++ {
		req.Header.Set("Idempotency-Key", gen()) // want `idempotency key from uuid\.NewString \(via gen\) is generated inside the retry \(retry loop at`
		if err := send(req); err == nil {
			break
		}
	}
	newID := uuid.New
	return retry.Do(func() error {
		r := newReq(ctx)
		r.Header.Set("Idempotency-Key", newID().String()) // want `idempotency key from uuid\.New \(via newID\) is generated inside the retry \(retry\.Do at`
		return send(r)
	})
}

// Negative twins.

// fakeable's newID is also set to a function that returns a fixed key (a
// test hook) and to one returning the caller's: not every call of it
// makes a new key.
type fakeable struct {
	newID func() string
}

func newFakeable() *fakeable { return &fakeable{newID: uuid.NewString} }

func (f *fakeable) useFixedKeys() { f.newID = func() string { return "fixed-key" } }

func withCallerKey(k string) *fakeable {
	return &fakeable{newID: func() string { return k }}
}

func (f *fakeable) charge(req *http.Request) {
	for i := 0; i < 3; i++ {
		req.Header.Set("Idempotency-Key", f.newID())
		if err := send(req); err == nil {
			return
		}
	}
}

// injected's newID comes from the caller: out of sight.
type injected struct {
	newID func() string
}

func newInjected(gen func() string) *injected { return &injected{newID: gen} }

func (c *injected) charge(req *http.Request) {
	for i := 0; i < 3; i++ {
		req.Header.Set("Idempotency-Key", c.newID())
		if err := send(req); err == nil {
			return
		}
	}
}

// An exported field or package variable may be replaced by another
// package.
type Gateway struct {
	NewID func() string
}

func NewGateway() *Gateway { return &Gateway{NewID: uuid.NewString} }

func (g *Gateway) Charge(req *http.Request) {
	for i := 0; i < 3; i++ {
		req.Header.Set("Idempotency-Key", g.NewID())
		if err := send(req); err == nil {
			return
		}
	}
}

var NewKey = uuid.NewString

func exportedVar(req *http.Request) {
	for i := 0; i < 3; i++ {
		req.Header.Set("Idempotency-Key", NewKey())
		if err := send(req); err == nil {
			return
		}
	}
}

// A parameter: the caller decides.
func paramValue(req *http.Request, gen func() string) {
	for i := 0; i < 3; i++ {
		req.Header.Set("Idempotency-Key", gen())
		if err := send(req); err == nil {
			return
		}
	}
}

// A name-based UUID is the same on every attempt.
var orderUUID = uuid.NewSHA1

func nameBasedValue(req *http.Request, order []byte) { // want nameBasedValue:`sendsKey\(arg 1 -> the Idempotency-Key header\)`
	for i := 0; i < 3; i++ {
		req.Header.Set("Idempotency-Key", orderUUID(uuid.NameSpaceURL, order).String())
		if err := send(req); err == nil {
			return
		}
	}
}
