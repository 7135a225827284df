// Package reqid is checked with -requestid and -keyheaders=X-Dedup-Token.
package reqid

import (
	"context"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

func send(req *http.Request) error {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func newReq(ctx context.Context) *http.Request {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com", nil)
	return req
}

func header(ctx context.Context) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		req.Header.Set("X-Request-ID", uuid.NewString()) // want `^request id from uuid\.NewString is generated inside the retry \(retry\.Do at reqid\.go:\d+\): each attempt sends a new request id, so the server cannot tell the attempts apart from new requests; generate it once before the retry$`
		return send(req)
	})
}

type Event struct {
	RequestID string
	Payload   string
}

func publish(e Event) error { return nil }

func field() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = publish(Event{RequestID: uuid.NewString(), Payload: "x"}); err == nil { // want `request id from uuid\.NewString is generated inside the retry \(retry loop`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// An extra header named with -keyheaders is a key.
func extraHeader(ctx context.Context) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		req.Header.Set("x-dedup-token", uuid.NewString()) // want `^idempotency key from uuid\.NewString is generated`
		return send(req)
	})
}

// A helper that sets a request ID gets a fact of its own kind.
func tagged(ctx context.Context) *http.Request { // want tagged:`generatesRequestID\(uuid\.NewString -> the Request-Id header\)`
	req := newReq(ctx)
	req.Header.Set("Request-Id", uuid.NewString())
	return req
}

func viaHelper(ctx context.Context) error {
	return retry.Do(func() error {
		return send(tagged(ctx)) // want `request id from uuid\.NewString \(via tagged\) is generated`
	})
}

// A request ID handed to a helper, whatever its parameter is called.
func setTrace(req *http.Request, v string) { // want setTrace:`sendsRequestID\(arg 1 -> the X-Request-ID header\)`
	req.Header.Set("X-Request-ID", v)
}

func helperParam(ctx context.Context) error {
	return retry.Do(func() error {
		req := newReq(ctx)
		setTrace(req, uuid.NewString()) // want `^request id from uuid\.NewString is generated inside the retry`
		return send(req)
	})
}
