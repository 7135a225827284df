package cancel

import (
	"context"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
)

// Options returned by a function of the package are read as a package
// variable's are: every return is seen, and none holds retry.Context.
func defaultOpts() []retry.Option {
	return []retry.Option{retry.Attempts(4), retry.Delay(time.Second)}
}

func retryGoHelper(ctx context.Context, c *http.Client, req *http.Request) error {
	return retry.Do(func() error { // want `retry.Do is not given ctx, which its operation uses: after the caller gives up it goes on for up to 3 more attempts`
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, defaultOpts()...)
}

// Two returns, one through another helper: neither holds retry.Context.
var fastRetries bool

func tunedOpts() []retry.Option {
	if fastRetries {
		return []retry.Option{retry.Attempts(3), retry.Delay(100 * time.Millisecond)}
	}
	return defaultOpts()
}

func retryGoHelpers(ctx context.Context, c *http.Client, req *http.Request) error {
	return retry.Do(func() error { // want `retry.Do is not given ctx, which its operation uses`
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, tunedOpts()...)
}

// The twins. A helper given ctx that returns retry.Context(ctx) stops
// the retry: quiet.
func ctxOpts(ctx context.Context) []retry.Option {
	return []retry.Option{retry.Context(ctx), retry.Attempts(4), retry.Delay(time.Second)}
}

func retryGoHelperContext(ctx context.Context, c *http.Client, req *http.Request) error {
	return retry.Do(func() error {
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, ctxOpts(ctx)...)
}

// An element from a parameter may be retry.Context(ctx): not known,
// quiet.
func withOpt(extra retry.Option) []retry.Option {
	return []retry.Option{retry.Attempts(4), extra}
}

func retryGoHelperParam(ctx context.Context, c *http.Client, req *http.Request) error {
	return retry.Do(func() error {
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, withOpt(retry.Context(ctx))...)
}

// A return the reading does not see into (a list appended to): not
// known, quiet.
func appendedOpts() []retry.Option {
	return append(defaultOpts(), retry.LastErrorOnly(true))
}

func retryGoHelperAppended(ctx context.Context, c *http.Client, req *http.Request) error {
	return retry.Do(func() error {
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, appendedOpts()...)
}

// A helper whose list hands the decision to a classifier of the
// package: quiet, as when the option is written in the call.
func classifiedOpts() []retry.Option {
	return []retry.Option{retry.Attempts(4), retry.RetryIf(isTimeout)}
}

func retryGoHelperClassified(ctx context.Context, c *http.Client, req *http.Request) error {
	return retry.Do(func() error {
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, classifiedOpts()...)
}

// The same helper handed a classifier: what it returns is not read, so
// the classifier is not missed.
func retryGoHelperParamClassified(ctx context.Context, c *http.Client, req *http.Request) error {
	return retry.Do(func() error {
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, withOpt(retry.RetryIf(isTimeout))...)
}

// One return not seen into, before one that is: the list is unknown
// whatever order the returns come in. Quiet.
func mixedOpts(extra bool) []retry.Option {
	if extra {
		return append(defaultOpts(), retry.LastErrorOnly(true))
	}
	return []retry.Option{retry.Attempts(4), retry.Delay(time.Second)}
}

func retryGoHelperMixed(ctx context.Context, c *http.Client, req *http.Request) error {
	return retry.Do(func() error {
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, mixedOpts(false)...)
}

// Two returns of one helper: read on both ways.
func sharedOpts(fast bool) []retry.Option {
	if fast {
		return defaultOpts()
	}
	return defaultOpts()
}

func retryGoHelperShared(ctx context.Context, c *http.Client, req *http.Request) error {
	return retry.Do(func() error { // want `retry.Do is not given ctx, which its operation uses`
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, sharedOpts(true)...)
}
