// Package classified holds retries whose decision is made by a
// classifier of another package (lib), read through the fact the
// recognizer exports for it, each beside its twin that stops on 4xx.
package classified

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/hashicorp/go-retryablehttp"
	"google.golang.org/grpc/channelz/grpc_channelz_v1"

	"example.com/retryclasstest/classified/lib"
)

// The shared classifier stops on 400 and 401 only.
func getRetryable(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	var lastErr error
	for attempt := 0; attempt <= 3; attempt++ {
		b, err := lib.Get(ctx, c, url)
		if err == nil { // want `retry loop retries HTTP 4xx responses such as 404 \(it stops on 400 and 401 only, the other 4xx go round\)`
			return b, nil
		}
		if !lib.IsRetryable(err) {
			return nil, err
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, lastErr
}

// The same loop with the classifier that stops on 4xx: quiet.
func getTransient(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	var lastErr error
	for attempt := 0; attempt <= 3; attempt++ {
		b, err := lib.Get(ctx, c, url)
		if err == nil {
			return b, nil
		}
		if !lib.IsTransient(err) {
			return nil, err
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, lastErr
}

// The typed error's own method decides, and says yes to a 404.
func getTemporary(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = lib.Get(ctx, c, url); err == nil { // want `retry loop retries HTTP 4xx responses such as 404`
			return nil
		}
		var apiErr *lib.APIError
		if errors.As(err, &apiErr) && !apiErr.Temporary() {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// The method that says no to a 404: quiet.
func getRetryableMethod(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = lib.Get(ctx, c, url); err == nil {
			return nil
		}
		var apiErr *lib.APIError
		if errors.As(err, &apiErr) && !apiErr.Retryable() {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// A method of another package without a fact (an interface's) is not
// read: quiet, like any decision the analyzer cannot read.
type temporary interface{ Temporary() bool }

func getIface(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = lib.Get(ctx, c, url); err == nil {
			return nil
		}
		var t temporary
		if errors.As(err, &t) && !t.Temporary() {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// A status classifier of another package: every non-2xx goes round.
func post(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	for i := 0; ; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if !lib.ShouldRetryStatus(resp.StatusCode) || i >= 3 { // want `retry loop retries HTTP 4xx responses such as 404 \(!lib.ShouldRetryStatus\(resp.StatusCode\) \|\| i >= 3 fails for them\)`
			return resp, nil
		}
		resp.Body.Close()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// The status classifier that stops on 4xx: quiet.
func postOK(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	for i := 0; ; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if !lib.ShouldRetryStatusOK(resp.StatusCode) || i >= 3 {
			return resp, nil
		}
		resp.Body.Close()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// retry-go hands the decision to the shared classifier: 404 goes round.
func listRetryIf(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	return retry.DoWithData(func() ([]byte, error) {
		return lib.Get(ctx, c, url)
	},
		retry.Context(ctx),
		retry.Attempts(5),
		retry.RetryIf(lib.IsRetryable), // want `retry.DoWithData retries HTTP 4xx responses such as 404 \(RetryIf lib.IsRetryable stops on 400 and 401 only, the other 4xx go round\)`
	)
}

// The classifier that stops on 4xx: quiet.
func listRetryIfOK(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	return retry.DoWithData(func() ([]byte, error) {
		return lib.Get(ctx, c, url)
	},
		retry.Context(ctx),
		retry.Attempts(5),
		retry.RetryIf(lib.IsTransient),
	)
}

// A literal that stops on 404 alone retries every other 4xx.
func deleteRetryIf(ctx context.Context, c *http.Client, url string) error {
	return retry.Do(func() error {
		_, err := lib.Get(ctx, c, url)
		return err
	},
		retry.Context(ctx),
		retry.Attempts(3),
		retry.RetryIf(func(err error) bool { // want `retry.Do retries HTTP 4xx responses such as 400 \(RetryIf its function literal stops on 404 only, the other 4xx go round\)`
			var apiErr *lib.APIError
			if errors.As(err, &apiErr) {
				return apiErr.StatusCode != http.StatusNotFound
			}
			return true
		}),
	)
}

// A literal that retries 409 on purpose, and 5xx: quiet.
func conflictRetryIf(ctx context.Context, c *http.Client, url string) error {
	return retry.Do(func() error {
		_, err := lib.Get(ctx, c, url)
		return err
	},
		retry.Context(ctx),
		retry.Attempts(3),
		retry.RetryIf(func(err error) bool {
			var apiErr *lib.APIError
			if errors.As(err, &apiErr) {
				return apiErr.StatusCode == http.StatusConflict || apiErr.StatusCode >= 500
			}
			return true
		}),
	)
}

// An operation that stops on 4xx itself before RetryIf sees them: quiet.
func unrecoverableFirst(ctx context.Context, c *http.Client, url string) error {
	return retry.Do(func() error {
		_, err := lib.Get(ctx, c, url)
		var apiErr *lib.APIError
		if errors.As(err, &apiErr) && apiErr.StatusCode < 500 {
			return retry.Unrecoverable(err)
		}
		return err
	},
		retry.Context(ctx),
		retry.RetryIf(lib.IsRetryable),
	)
}

// retryablehttp's CheckRetry retries every status from 400 up.
func newClient() *retryablehttp.Client {
	rc := retryablehttp.NewClient()
	rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) { // want `retryablehttp CheckRetry retries HTTP 4xx responses such as 404 \(its function literal says yes to them\)`
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		if err != nil {
			return true, nil
		}
		return resp.StatusCode >= 400, nil
	}
	return rc
}

// A CheckRetry that adds 409 to the default policy: quiet.
func newClientOK() *retryablehttp.Client {
	return &retryablehttp.Client{CheckRetry: conflictOrDefault}
}

func conflictOrDefault(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if resp != nil && resp.StatusCode == http.StatusConflict {
		return true, nil
	}
	return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
}

// A CheckRetry of the package that stops on 5xx and retries 4xx: the
// shape of a policy written upside down.
func newClientInverted() *retryablehttp.Client {
	return &retryablehttp.Client{CheckRetry: inverted} // want `retryablehttp CheckRetry retries HTTP 4xx responses such as 404 \(inverted says yes to them\)`
}

func inverted(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	return resp.StatusCode >= 400 && resp.StatusCode < 500, nil
}

// A gRPC call retried by a classifier of another package that lists
// NotFound.
func checkRetryIf(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return retry.Do(func() error {
		_, err := cz.GetTopChannels(ctx, &grpc_channelz_v1.GetTopChannelsRequest{})
		return err
	}, retry.Context(ctx), retry.Attempts(3), retry.RetryIf(lib.RetryableCode)) // want `retry.Do retries codes.NotFound, which does not change on retry \(RetryIf lib.RetryableCode says yes to it with codes.Unavailable\)`
}

// The classifier that lists only codes that may change: quiet.
func checkRetryIfOK(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return retry.Do(func() error {
		_, err := cz.GetTopChannels(ctx, &grpc_channelz_v1.GetTopChannelsRequest{})
		return err
	}, retry.Context(ctx), retry.Attempts(3), retry.RetryIf(lib.TransientCode))
}

// The server's Retry-After, read by a helper of another package, is
// slept through after the caller gave up.
func throttled(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil || resp.StatusCode != http.StatusTooManyRequests {
			return resp, err
		}
		resp.Body.Close()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		time.Sleep(lib.RetryAfter(resp)) // want `retry loop waits with time.Sleep, which ignores ctx: a caller that gives up still waits as long as the server's Retry-After says`
	}
	return nil, errors.New("throttled")
}

// The same wait in a select on ctx.Done(): quiet.
func throttledSelect(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil || resp.StatusCode != http.StatusTooManyRequests {
			return resp, err
		}
		resp.Body.Close()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(lib.RetryAfter(resp)):
		}
	}
	return nil, errors.New("throttled")
}

// A helper's wait that the header does not decide, of a length the code
// does not show, in a loop that stops at its next look at ctx: quiet.
func paused(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if resp != nil {
			resp.Body.Close()
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		time.Sleep(lib.Pause(i))
	}
	return nil, errors.New("unavailable")
}

// The options in a list that the call spreads: the RetryIf is read.
func listSpread(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	opts := []retry.Option{
		retry.Context(ctx),
		retry.Attempts(5),
		retry.RetryIf(lib.IsRetryable), // want `retry.DoWithData retries HTTP 4xx responses such as 404 \(RetryIf lib.IsRetryable stops on 400 and 401 only, the other 4xx go round\)`
	}
	return retry.DoWithData(func() ([]byte, error) {
		return lib.Get(ctx, c, url)
	}, opts...)
}

// A list the function is given may hold anything: quiet.
func listGiven(ctx context.Context, c *http.Client, url string, opts ...retry.Option) ([]byte, error) {
	return retry.DoWithData(func() ([]byte, error) {
		return lib.Get(ctx, c, url)
	}, append(opts, retry.RetryIf(lib.IsRetryable))...)
}

// A classifier of another package whose helpers name the statuses: 404
// goes round.
func listThroughHelpers(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	return retry.DoWithData(func() ([]byte, error) {
		return lib.Get(ctx, c, url)
	},
		retry.Context(ctx),
		retry.Attempts(5),
		retry.RetryIf(lib.ShouldRetryLoose), // want `retry.DoWithData retries HTTP 4xx responses such as 404 \(RetryIf lib.ShouldRetryLoose stops on 400 only, the other 4xx go round\)`
	)
}

// The twin whose helpers stop on 4xx: quiet.
func listThroughHelpersOK(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	return retry.DoWithData(func() ([]byte, error) {
		return lib.Get(ctx, c, url)
	},
		retry.Context(ctx),
		retry.Attempts(5),
		retry.RetryIf(lib.ShouldRetry),
	)
}

// A gRPC classifier that says yes to everything but two codes: NotFound
// goes round. It reads no HTTP status, and the attempt makes no HTTP
// call: no permanent-status finding.
func checkExcept(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = cz.GetTopChannels(ctx, &grpc_channelz_v1.GetTopChannelsRequest{}); err == nil {
			return nil
		}
		if !lib.RetryableExceptInvalid(err) { // want `retry loop retries codes.NotFound, which does not change on retry \(it stops on codes.InvalidArgument and codes.Unauthenticated only`
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}
