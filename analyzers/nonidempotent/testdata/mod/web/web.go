// Package web retries HTTP requests, some of which must not be repeated.
package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"net/http"
	"net/url"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"

	"example.com/nonidemtest/ops"
)

const create = "POST"

const patch = http.MethodPatch

func clientPost(c *http.Client, u string, body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		resp, err = c.Post(u, "application/json", bytes.NewReader(body)) // want `retry wraps an HTTP POST with no Idempotency-Key header: if an attempt times out after the server acted, the retry repeats it; send one key for all attempts or do not retry`
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

func postForm(u string) error {
	return backoff.Retry(func() error {
		_, err := http.PostForm(u, url.Values{"a": {"b"}}) // want `retry wraps an HTTP POST with no`
		return err
	}, backoff.NewExponentialBackOff())
}

// newRequest: the method is a folded constant; the request is built
// before the loop and sent in it.
func newRequest(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, create, u, nil)
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		_, err = c.Do(req) // want `retry wraps an HTTP POST with no Idempotency-Key header`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func patchMethod(ctx context.Context, c *http.Client, u string) error {
	return retry.Do(func() error {
		req, err := http.NewRequest(patch, u, nil)
		if err != nil {
			return err
		}
		req = req.WithContext(ctx)
		_, err = c.Do(req) // want `retry wraps an HTTP PATCH with no`
		return err
	})
}

func customMethod(c *http.Client, u string) error {
	return retry.Do(func() error {
		req, err := http.NewRequest("PURGE", u, nil)
		if err != nil {
			return err
		}
		_, err = c.Do(req) // want `retry wraps an HTTP PURGE`
		return err
	})
}

// methodField: the method set on the request after it was built.
func methodField(c *http.Client, u string) error {
	return retry.Do(func() error {
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		req.Method = http.MethodPost
		_, err = c.Do(req) // want `retry wraps an HTTP POST`
		return err
	})
}

// declaredFirst: the request variable is declared before the loop and
// assigned in it.
func declaredFirst(ctx context.Context, c *http.Client, u string) error {
	var req *http.Request
	var err error
	for i := 0; i < 3; i++ {
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		if _, err = c.Do(req); err == nil { // want `retry wraps an HTTP POST with no`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must not report: the twin of declaredFirst with a GET.
func declaredFirstGet(ctx context.Context, c *http.Client, u string) error {
	var req *http.Request
	var err error
	for i := 0; i < 3; i++ {
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		if _, err = c.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// freshKey: the key is made inside the attempt, so each attempt sends a
// new one. keyregen reports the key; nonidempotent reports only requests
// with no key at all, so that one defect gives one finding.
func freshKey(c *http.Client, u string) error {
	return retry.Do(func() error {
		key := rand.Text()
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		_, err = c.Do(req)
		return err
	})
}

// viaFacts: calls of functions of another package, known from facts.
func viaFacts(ctx context.Context, c *http.Client, u string) error {
	return retry.Do(func() error {
		if err := ops.Charge(ctx, c, u); err != nil { // want `retry wraps ops.Charge, which sends an HTTP POST with no Idempotency-Key header \(via ops.Charge -> post\): `
			return err
		}
		if err := ops.ChargeFreshKey(ctx, c, u); err != nil { // keyregen's finding, not ours
			return err
		}
		if err := ops.Notify(ctx, u); err != nil { // want `retry wraps ops.Notify, which is marked //retrylint:nonidempotent: running it twice repeats its effect`
			return err
		}
		if err := ops.NotifyAll(ctx, nil); err != nil { // want `retry wraps ops.NotifyAll, which calls Notify, marked //retrylint:nonidempotent \(via ops.NotifyAll -> Notify\)`
			return err
		}
		if err := ops.Upsert(ctx, c, u); err != nil { // marked idempotent
			return err
		}
		if err := ops.Sync(ctx, c, u); err != nil { // reaches only Upsert
			return err
		}
		return ops.Fetch(ctx, c, u)
	})
}

// opValue: a named function passed as the operation.
func opValue(ctx context.Context, c *http.Client, u string) error {
	charge := func() error { return ops.Charge(ctx, c, u) } // want `retry wraps ops.Charge, which sends`
	return backoff.Retry(charge, backoff.NewExponentialBackOff())
}

type payer struct {
	c   *http.Client
	url string
}

func (p *payer) pay() error { // want pay:`nonidempotent\(an HTTP POST\)`
	_, err := p.c.Post(p.url, "text/plain", nil)
	return err
}

func (p *payer) run() error {
	return backoff.Retry(p.pay, backoff.NewExponentialBackOff()) // want `retry wraps payer.pay, which sends an HTTP POST`
}

// retryableClient: retryablehttp retries inside, so a POST through it is
// a retried POST with no loop around it.
func retryableClient(u string) error {
	c := retryablehttp.NewClient()
	if _, err := c.Post(u, "application/json", []byte("{}")); err != nil { // want `retryablehttp.Client.Post retries an HTTP POST with no Idempotency-Key header`
		return err
	}
	req, err := retryablehttp.NewRequest(http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	if _, err := c.Do(req); err != nil { // want `retryablehttp.Client.Do retries an HTTP POST`
		return err
	}
	keyed, err := retryablehttp.NewRequest(http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	keyed.Header.Set("Idempotency-Key", rand.Text()) // one key for all of the client's attempts
	if _, err := c.Do(keyed); err != nil {
		return err
	}
	get, err := retryablehttp.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	_, err = c.Do(get)
	return err
}

// standardClient: an *http.Client from retryablehttp retries inside.
func standardClient(u string) error {
	hc := retryablehttp.NewClient().StandardClient()
	if _, err := hc.Post(u, "text/plain", nil); err != nil { // want `retryablehttp.Client.StandardClient retries an HTTP POST with no Idempotency-Key header`
		return err
	}
	_, err := retryablehttp.PostForm(u, url.Values{}) // want `retryablehttp.PostForm retries an HTTP POST`
	return err
}

// keyHelper: the request is handed to a helper that sets a key.
func keyHelper(ctx context.Context, c *http.Client, u string) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		sign(req)
		_, err = c.Do(req)
		return err
	})
}

func sign(req *http.Request) { req.Header.Set("Idempotency-Key", req.URL.Path) }

func retryableNoRetry(u string) error { // want retryableNoRetry:`nonidempotent\(an HTTP POST\)`
	c := retryablehttp.NewClient()
	c.RetryMax = 0 // one attempt
	_, err := c.Post(u, "application/json", nil)
	return err
}

func restyCalls(u, key string) error {
	client := resty.New().SetRetryCount(3)
	if _, err := client.R().SetBody("{}").Post(u); err != nil { // want `resty.Request.Post retries an HTTP POST with no Idempotency-Key header`
		return err
	}
	if _, err := client.R().Patch(u); err != nil { // want `resty.Request.Patch retries an HTTP PATCH`
		return err
	}
	if _, err := client.R().Execute("POST", u); err != nil { // want `resty.Request.Execute retries an HTTP POST`
		return err
	}
	if _, err := client.R().SetHeader("Idempotency-Key", key).Post(u); err != nil {
		return err
	}
	r := client.R().SetHeaders(map[string]string{"Idempotency-Key": key})
	if _, err := r.Post(u); err != nil {
		return err
	}
	if _, err := client.R().Put(u); err != nil {
		return err
	}
	_, err := client.R().Get(u)
	return err
}

// Must not report: a resty client that is not seen to retry (another
// client of the package does).
func restyNoRetry(u string) error { // want restyNoRetry:`nonidempotent\(an HTTP POST\)`
	_, err := resty.New().R().Post(u)
	return err
}

// Must not report: idempotent methods in a retry.
func idempotentMethods(ctx context.Context, c *http.Client, u string) error {
	return retry.Do(func() error {
		for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodPut, http.MethodDelete} {
			_ = m
		}
		for _, m := range [...]string{"GET", "HEAD", "OPTIONS", "PUT", "DELETE"} {
			_ = m
		}
		get, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		head, _ := http.NewRequestWithContext(ctx, http.MethodHead, u, nil)
		opts, _ := http.NewRequestWithContext(ctx, http.MethodOptions, u, nil)
		put, _ := http.NewRequestWithContext(ctx, http.MethodPut, u, nil)
		del, _ := http.NewRequestWithContext(ctx, "DELETE", u, nil)
		for _, r := range []*http.Request{get, head, opts, put, del} {
			_ = r
		}
		if _, err := c.Do(get); err != nil {
			return err
		}
		if _, err := c.Do(head); err != nil {
			return err
		}
		if _, err := c.Do(opts); err != nil {
			return err
		}
		if _, err := c.Do(put); err != nil {
			return err
		}
		_, err := c.Do(del)
		return err
	})
}

// Must not report: a key made once, before the retry, reused by every
// attempt.
func keyBefore(ctx context.Context, c *http.Client, u string) error {
	key := rand.Text()
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		_, err = c.Do(req)
		return err
	})
}

func keyBeforeLoop(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	req.Header["X-Idempotency-Key"] = []string{rand.Text()}
	for i := 0; i < 3; i++ {
		if _, err = c.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func keyFromCaller(ctx context.Context, c *http.Client, u, key string) error {
	return retry.Do(func() error { return ops.ChargeWithKey(ctx, c, u, key) })
}

// Must not report: the method is not known here; it is judged where a
// caller names it.
func unknownMethod(ctx context.Context, c *http.Client, method, u string) error { // want unknownMethod:`nonidempotent\(an HTTP request, method of argument 3, retried by unknownMethod\)`
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, method, u, nil)
		if err != nil {
			return err
		}
		_, err = c.Do(req)
		return err
	})
}

// Must not report: a POST outside any retry, and a POST in a callback
// that the attempt registers but does not run.
func notRetried(c *http.Client, u string, onDone func(func())) error { // want notRetried:`nonidempotent\(an HTTP POST\)`
	_, err := c.Post(u, "text/plain", nil)
	_ = retry.Do(func() error {
		onDone(func() { c.Post(u, "text/plain", nil) })
		return nil
	})
	return err
}

// A failover loop over hosts is not a retry of one request (but calling
// failover sends a POST).
func failover(c *http.Client, hosts []string) error { // want failover:`nonidempotent\(an HTTP POST\)`
	var err error
	for _, h := range hosts {
		if _, err = c.Post(h, "text/plain", nil); err == nil {
			return nil
		}
	}
	return err
}

// The request is built by a helper of the package: the engine reads the
// method, and a key the helper sets, through its returns.
func newPost(ctx context.Context, u string) *http.Request {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	return req
}

func newKeyedPost(ctx context.Context, u, key string) *http.Request {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	req.Header.Set("Idempotency-Key", key)
	return req
}

func newGet(ctx context.Context, u string) *http.Request {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	return req
}

func helperRequests(ctx context.Context, c *http.Client, u, key string) error {
	return retry.Do(func() error {
		if _, err := c.Do(newPost(ctx, u)); err != nil { // want `retry wraps an HTTP POST with no Idempotency-Key header`
			return err
		}
		if _, err := c.Do(newKeyedPost(ctx, u, key)); err != nil {
			return err
		}
		_, err := c.Do(newGet(ctx, u))
		return err
	})
}

// A key set on another copy of the same request does not key this one.
func otherCopy(ctx context.Context, c *http.Client, u, key string) error {
	base, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	keyed := base.Clone(ctx)
	keyed.Header.Set("Idempotency-Key", key)
	return retry.Do(func() error {
		_, err := c.Do(base.Clone(ctx)) // want `retry wraps an HTTP POST with no Idempotency-Key header`
		return err
	})
}

// rejoin re-registers with a pool every period and tries again sooner on
// a failure (a periodic loop): the POST is sent every period whether or
// not it fails, so a duplicate is not the retry's doing. clientPost, which
// leaves on success, is its twin.
func rejoin(c *http.Client, u string) { // want rejoin:`nonidempotent\(an HTTP POST\)`
	for {
		resp, err := c.Post(u, "application/json", nil)
		if err != nil {
			time.Sleep(time.Minute)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusUnauthorized {
			return
		}
		time.Sleep(time.Hour)
	}
}
