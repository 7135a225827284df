// Package bb calls reqsdk: it names the method of the requests reqsdk
// builds (NewRequest's RequestFact), hands them to reqsdk's retrying
// sender, and sends copies made by reqsdk.Clone in retries of its own.
package bb

import (
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"

	"example.com/nonidemtest/reqsdk"
)

func comment(ctx context.Context, c *reqsdk.Client, body []byte) error {
	req, err := c.NewRequest(ctx, "POST", "/pullrequests/1/comments", body)
	if err != nil {
		return err
	}
	return c.Do(req) // want `Client.Do retries an HTTP POST with no Idempotency-Key header`
}

// Twins: the builder given GET; a POST with a key made before the
// retry, here or by the builder; a builder whose request is a GET
// whatever it is given; a sender that retries only the methods that may
// run twice.
func comments(ctx context.Context, c *reqsdk.Client) error {
	req, err := c.NewRequest(ctx, http.MethodGet, "/pullrequests/1/comments", nil)
	if err != nil {
		return err
	}
	return c.Do(req)
}

func commentKeyed(ctx context.Context, c *reqsdk.Client, body []byte) error {
	req, err := c.NewRequest(ctx, http.MethodPost, "/pullrequests/1/comments", body)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	return c.Do(req)
}

func commentWithKey(ctx context.Context, c *reqsdk.Client) error {
	req, err := c.NewKeyedRequest(ctx, http.MethodPost, "/pullrequests/1/comments", uuid.NewString())
	if err != nil {
		return err
	}
	return c.Do(req)
}

func search(ctx context.Context, c *reqsdk.Client) error {
	req, err := c.NewQuery(ctx, "POST", "/search")
	if err != nil {
		return err
	}
	return c.Do(req)
}

func commentSafe(ctx context.Context, c *reqsdk.Client, body []byte) error {
	req, err := c.NewRequest(ctx, http.MethodPost, "/pullrequests/1/comments", body)
	if err != nil {
		return err
	}
	return c.DoSafe(req)
}

// A helper that hands its caller's method on to the builder: judged
// where the method is named.
type api struct{ c *reqsdk.Client }

func (a *api) call(ctx context.Context, method, path string) error { // want call:`nonidempotent\(an HTTP request, method of argument 2, retried by Client.Do\)`
	req, err := a.c.NewRequest(ctx, method, path, nil)
	if err != nil {
		return err
	}
	return a.c.Do(req)
}

func approve(ctx context.Context, a *api) error {
	if err := a.call(ctx, http.MethodPut, "/pullrequests/1/reviewers"); err != nil {
		return err
	}
	return a.call(ctx, http.MethodPatch, "/pullrequests/1") // want `Client.Do retries \(through api.call\) an HTTP PATCH with no Idempotency-Key header`
}

// sendAll sends a copy reqsdk.Clone makes of its request in each
// attempt: a retrying sender of it.
func sendAll(hc *http.Client, req *http.Request) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var r *http.Request
		if r, err = reqsdk.Clone(req); err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = hc.Do(r); err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func upload(ctx context.Context, hc *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	return sendAll(hc, req) // want `sendAll retries an HTTP POST with no Idempotency-Key header`
}

// Twins: a sender whose attempts send a HEAD made from the request, in
// this package and in reqsdk.
func (a *api) probeAll(hc *http.Client, req *http.Request) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		if resp, err = hc.Do(reqsdk.AsHead(req)); err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func probe(ctx context.Context, a *api, hc *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	if err := a.probeAll(hc, req); err != nil {
		return err
	}
	return a.c.Probe(req)
}
