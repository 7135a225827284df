package web

import (
	"context"
	"net/http"

	"github.com/avast/retry-go/v4"

	"example.com/nonidemtest/apiclient"
)

// A helper of another package whose caller names the method: a retried
// POST through it is reported at the call.
func callPost(ctx context.Context, c *apiclient.Client) error {
	return retry.Do(func() error {
		return c.Call(ctx, http.MethodPost, "/jobs") // want `retry wraps Client.Call, which sends an HTTP POST with no Idempotency-Key header`
	}, retry.Attempts(3))
}

// Twins: PUT through the same helper is idempotent, and a method the
// analyzer cannot read (a parameter of a function literal) is not judged.
func callPut(ctx context.Context, c *apiclient.Client, pick func() string) error {
	return retry.Do(func() error {
		if err := c.Call(ctx, http.MethodPut, "/jobs/1"); err != nil {
			return err
		}
		return c.Call(ctx, pick(), "/jobs/1")
	}, retry.Attempts(3))
}

// worker's send takes the method; forward hands its own on, post names
// POST.
type worker struct {
	hc  *http.Client
	url string
}

func (w *worker) send(ctx context.Context, method, path string) error { // want send:`nonidempotent\(an HTTP request, method of argument 2\)`
	req, err := http.NewRequestWithContext(ctx, method, w.url+path, nil)
	if err != nil {
		return err
	}
	resp, err := w.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (w *worker) forward(ctx context.Context, method, path string) error { // want forward:`nonidempotent\(an HTTP request via worker.send, method of argument 2\)`
	return w.send(ctx, method, path)
}

func (w *worker) post(ctx context.Context, path string) error { // want post:`nonidempotent\(an HTTP POST via worker.send\)`
	return w.send(ctx, "POST", path)
}

func (w *worker) retryPatch(ctx context.Context) error {
	return retry.Do(func() error {
		return w.forward(ctx, http.MethodPatch, "/state") // want `retry wraps worker.forward, which sends an HTTP PATCH .* \(via worker.forward -> worker.send\)`
	}, retry.Attempts(3))
}

func (w *worker) retryPost(ctx context.Context) error {
	return retry.Do(func() error {
		return w.post(ctx, "/events") // want `retry wraps worker.post, which sends an HTTP POST`
	}, retry.Attempts(3))
}

// Twin: GET and DELETE through the same helpers.
func (w *worker) retryGet(ctx context.Context) error {
	return retry.Do(func() error {
		if err := w.forward(ctx, http.MethodGet, "/state"); err != nil {
			return err
		}
		return w.send(ctx, http.MethodDelete, "/events/1")
	}, retry.Attempts(3))
}
