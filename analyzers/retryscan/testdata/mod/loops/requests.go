package loops

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// The request is built in each attempt and may fail on its own; its
// error leaves, the send's error goes round.
func buildEachAttempt(ctx context.Context, c *http.Client, u string) error { // want `retrier\(3 via retry loop\)`
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// The same with the request variable declared before the loop: each
// attempt builds the same request anew.
func declaredBefore(ctx context.Context, c *http.Client, u string) error { // want `retrier\(3 via retry loop\)`
	var req *http.Request
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
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

// Must not report: each attempt asks the next mirror, whose address the
// loop computes from the last one.
func nextMirror(ctx context.Context, c *http.Client, u string) error {
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
		u = mirrorAfter(u)
		time.Sleep(time.Second)
	}
	return err
}

func mirrorAfter(u string) string { return u + "/next" }

// The request built before the loop is re-derived in each attempt with
// a new context (go-api-sdk-jamfpro's DoRequest): a copy of the same
// request, sent again.
func rederived(ctx context.Context, c *http.Client, method, u string) error { // want `retrier\(4 via retry loop\)`
	req, err := http.NewRequest(method, u, nil)
	if err != nil {
		return err
	}
	for i := 0; ; i++ { // want `site loop "retry loop" 4 attempts ctx`
		if i > 3 {
			return errors.New("max retry attempts reached")
		}
		req = req.WithContext(ctx)
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < http.StatusInternalServerError {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// The same with a clone made after the failed attempt.
func cloned(ctx context.Context, c *http.Client, u string) error { // want `retrier\(3 via retry loop\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
		req = req.Clone(ctx)
	}
	return err
}

// The same with go-retryablehttp's request, whose WithContext keeps its
// body and method: sent through a plain client, each round sends it again.
func rederivedRetryable(ctx context.Context, c *http.Client, u string) error { // want `retrier\(3 via retry loop\)`
	req, err := retryablehttp.NewRequest(http.MethodPost, u, []byte("{}"))
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		req = req.WithContext(ctx)
		if _, err = c.Do(req.Request); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must not report: the retryablehttp twin of followed below, each round
// sending the request the last one leads to.
func followedRetryable(ctx context.Context, c *http.Client, u string) error {
	req, err := retryablehttp.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if _, err = c.Do(req.Request); err == nil {
			return nil
		}
		time.Sleep(time.Second)
		req = nextRetryableHop(req.WithContext(ctx))
	}
	return err
}

func nextRetryableHop(req *retryablehttp.Request) *retryablehttp.Request {
	next := req.WithContext(req.Context())
	next.URL.Path += "/next"
	return next
}

// Must not report: each round sends the request the last one leads to,
// made from it by a function of the package, not a copy of it.
func followed(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if _, err = c.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
		req = nextHop(req.WithContext(ctx))
	}
	return err
}

func nextHop(req *http.Request) *http.Request {
	next := req.Clone(req.Context())
	next.URL.Path += "/next"
	return next
}

type stream interface{ Recv() error }

func open(ctx context.Context) (stream, error) { return nil, nil }

// Success is a usable result and no error: the stream is opened again
// until it is (etcd's openWatchClient).
func reopen(ctx context.Context) (s stream, err error) { // want `retrier\(N via retry loop\)`
	for { // want `site loop "retry loop" unbounded attempts ctx`
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		default:
		}
		if s, err = open(ctx); s != nil && err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return s, nil
}

// Must not report: a poll that waits for a value, its errors returned.
func awaitValue(ctx context.Context) (stream, error) {
	for {
		s, err := open(ctx)
		if err != nil {
			return nil, err
		}
		if s != nil {
			return s, nil
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A loop that goes round only when the server says 429 and returns
// every other failure is a retry too.
func onlyRateLimited(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) { // want `retrier\(5 via retry loop\)`
	for i := 0; i < 5; i++ { // want `site loop "retry loop" 5 attempts`
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil || resp.StatusCode != http.StatusTooManyRequests {
			return resp, err
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
	return nil, context.DeadlineExceeded
}

// Must not report: the pages of a listing, waiting on 429; success goes
// round to the next page too.
func pagesRateLimited(ctx context.Context, c *http.Client, url string) (n int, err error) {
	for page := 0; page < 10; page++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return n, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return n, err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			time.Sleep(time.Second)
			continue
		}
		n++
	}
	return n, nil
}
