// Package pushback holds retries that answer 429 or 503 with their own
// delay while handing the response on, each beside its twin that may
// wait what the server asked.
package pushback

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"google.golang.org/api/googleapi"
)

var errThrottled = errors.New("throttled")

// The response goes to another package's checker on the way out only:
// the way round for 503 waits its own delay.
func exitChecked(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusServiceUnavailable { // want `retry loop answers HTTP 503 with its own delay and never reads Retry-After`
			return resp, googleapi.CheckResponse(resp)
		}
		resp.Body.Close()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(5 * time.Second):
		}
	}
	return nil, errThrottled
}

// Twin: the same checker on the way round, before the wait: it may read
// the header (quiet).
func roundChecked(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	var last error
	for i := 0; i < 5; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusServiceUnavailable {
			return resp, nil
		}
		last = googleapi.CheckResponse(resp)
		resp.Body.Close()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(5 * time.Second):
		}
	}
	return nil, last
}

// apiError makes an error of a response and reads no header.
func apiError(resp *http.Response) error {
	return fmt.Errorf("api: %s", resp.Status)
}

// The response goes to a helper of the package on the way out, which
// does not read the header: 429 waits the loop's own delay.
func exitHelper(c *http.Client, req *http.Request) error {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		switch {
		case resp.StatusCode < 300:
			return nil
		case resp.StatusCode == http.StatusTooManyRequests: // want `retry loop answers HTTP 429 with its own delay and never reads Retry-After`
			time.Sleep(2 * time.Second)
		default:
			return apiError(resp)
		}
	}
	return errThrottled
}

// throttleError keeps what the server asked, for the caller.
type throttleError struct {
	status int
	after  time.Duration
}

func (e *throttleError) Error() string {
	return fmt.Sprintf("status %d, retry after %s", e.status, e.after)
}

// newThrottleError reads Retry-After into the error it makes.
func newThrottleError(resp *http.Response) error {
	secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
	return &throttleError{status: resp.StatusCode, after: time.Duration(secs) * time.Second}
}

// checkStatus makes an error of a response through the helper that
// reads the header.
func checkStatus(resp *http.Response) error {
	if resp.StatusCode < 300 {
		return nil
	}
	return newThrottleError(resp)
}

// Twin: the helper on the way out names Retry-After, two calls down: the
// code has thought about the header (quiet).
func exitHelperReads(c *http.Client, req *http.Request) error {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			time.Sleep(2 * time.Second)
			continue
		}
		return checkStatus(resp)
	}
	return errThrottled
}

// drain empties and closes a body: it reads no header.
func drain(resp *http.Response) {
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}

// A helper of the package on the way round, read through: it does not
// read the header, and the wait is the loop's own.
func roundDrained(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err != nil || resp.StatusCode != http.StatusTooManyRequests { // want `retry loop answers HTTP 429 with its own delay and never reads Retry-After`
			return resp, err
		}
		drain(resp)
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return nil, errThrottled
}

// retryAfter parses the header, falling back to def.
func retryAfter(h http.Header, def time.Duration) time.Duration {
	if secs, err := strconv.Atoi(h.Get("Retry-After")); err == nil {
		return time.Duration(secs) * time.Second
	}
	return def
}

// Twin: a helper of the package on the way round parses Retry-After
// (quiet).
func roundParsed(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err != nil || resp.StatusCode != http.StatusTooManyRequests {
			return resp, err
		}
		drain(resp)
		time.Sleep(retryAfter(resp.Header, time.Second))
	}
	return nil, errThrottled
}

// Twin: the wait is what another package's function given the response
// says (DefaultBackoff reads Retry-After on 429 and 503; quiet).
func roundLibraryWait(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
			drain(resp)
			time.Sleep(retryablehttp.DefaultBackoff(time.Second, time.Minute, i, resp))
			continue
		}
		return resp, apiError(resp)
	}
	return nil, errThrottled
}

// client waits as its delay function, set by its user, says.
type client struct {
	http  *http.Client
	delay func(attempt int, resp *http.Response) time.Duration
}

// Twin: the wait comes from a function value given the response, which
// the code does not show (quiet).
func (cl *client) roundFuncValue(req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := cl.http.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, apiError(resp)
		}
		wait := cl.delay(i, resp)
		drain(resp)
		time.Sleep(wait)
	}
	return nil, errThrottled
}

// Twin: a closure made in the loop hands the response to another
// package's function on the way round (quiet).
func roundClosure(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req)
		if err != nil || resp.StatusCode != http.StatusTooManyRequests {
			return resp, err
		}
		wait := func() time.Duration { return retryablehttp.DefaultBackoff(time.Second, time.Minute, i, resp) }
		drain(resp)
		time.Sleep(wait())
	}
	return nil, errThrottled
}
