// Package cancel holds retries that go on after the caller's context is
// done, each beside the look-alike that stops.
package cancel

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff "github.com/cenkalti/backoff/v4"
	backoffv5 "github.com/cenkalti/backoff/v5"
	"google.golang.org/grpc/channelz/grpc_channelz_v1"
)

var errGone = errors.New("gone")

// The request carries ctx; once the caller gives up every attempt fails
// at once and the loop sleeps on: 5 more attempts over 1+2+4+8+16s.
func fetch(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	d := time.Second
	for i := 0; i < 6; i++ {
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(d) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 5 more attempts over 31s, each wait up to 16s; wait in a select on ctx.Done\(\) and return ctx.Err\(\)`
		d *= 2
	}
	return nil, errGone
}

// Fixed waits: 3 more attempts over 3 x 2s.
func check(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	var err error
	for range 4 {
		if _, err = cz.GetTopChannels(ctx, &grpc_channelz_v1.GetTopChannelsRequest{}); err == nil { // want `retry loop retries every error of the gRPC call ChannelzClient.GetTopChannels`
			return nil
		}
		time.Sleep(2 * time.Second) // want `goes on for up to 3 more attempts over 6s`
	}
	return err
}

// The same loop stopping on the context: quiet.
func fetchStops(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 6; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			return resp, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		time.Sleep(time.Second)
	}
	return nil, errGone
}

// Waiting in a select on ctx.Done(): quiet.
func fetchSelects(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 6; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, errGone
}

// Stopping on the context's error: quiet.
func fetchErrorsIs(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 6; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			return resp, nil
		}
		if errors.Is(err, context.Canceled) {
			return nil, err
		}
		time.Sleep(time.Second)
	}
	return nil, errGone
}

// A wait helper given ctx whose error ends the loop: quiet.
func fetchSleepCtx(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 6; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Millisecond)
		if err := sleepCtx(ctx, time.Second); err != nil {
			return nil, err
		}
	}
	return nil, errGone
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// Only some errors go round, decided by code the analyzer does not read:
// quiet (the classifier may stop on cancellation).
func fetchClassified(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 6; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			return resp, nil
		}
		if !temporary(err) {
			return nil, err
		}
		time.Sleep(time.Second)
	}
	return nil, errGone
}

func temporary(err error) bool { return !errors.Is(err, context.Canceled) }

// The attempt does not get the context: the retry is not its work, quiet.
func noContextWork(ctx context.Context, op func() error) error {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return ctx.Err()
}

// A context that nobody can cancel: quiet.
func background(c *http.Client, url string) error {
	ctx := context.Background()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	for i := 0; i < 3; i++ {
		if _, err := c.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGone
}

// No bound at all: unboundedbackoff reports it, this analyzer does not.
func forever(ctx context.Context, c *http.Client, req *http.Request) {
	for {
		if _, err := c.Do(req.WithContext(ctx)); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Going round on the context's own error.
func roundsOnCancel(ctx context.Context, c *http.Client, req *http.Request) error {
	for i := 0; i < 4; i++ {
		_, err := c.Do(req.WithContext(ctx))
		if err == nil {
			return nil
		}
		if !errors.Is(err, context.DeadlineExceeded) { // want `retry loop goes round on context.DeadlineExceeded, the error of its own context: every further attempt fails at once and only adds delay \(up to 3 more attempts over 3s\); return when the context is done`
			return err
		}
		time.Sleep(time.Second)
	}
	return errGone
}

// A per-attempt timeout that expires is worth another attempt: quiet.
func perAttempt(ctx context.Context, c *http.Client, req *http.Request) error {
	for i := 0; i < 4; i++ {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		_, err := c.Do(req.WithContext(actx))
		cancel()
		if err == nil {
			return nil
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errGone
}

// Libraries not given the context their operation uses.
func backoffV4(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error { // want `backoff.Retry is not given ctx, which its operation uses: after the caller gives up it goes on for further attempts for up to 15m0s \(the default MaxElapsedTime\); wrap the backoff with backoff.WithContext\(b, ctx\)`
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, backoff.NewExponentialBackOff())
}

// The limit the code sets is the one the message gives.
func backoffV4Limit(ctx context.Context, c *http.Client, req *http.Request) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 10 * time.Second
	return backoff.Retry(func() error { // want `backoff.Retry is not given ctx, which its operation uses: after the caller gives up it goes on for further attempts for up to 10s \(MaxElapsedTime\); wrap the backoff with backoff.WithContext\(b, ctx\)`
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, b)
}

func backoffV4Context(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error {
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// A permanent error for every failure: nothing goes round, quiet.
func backoffV4Permanent(ctx context.Context, c *http.Client, req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil {
			return backoff.Permanent(err)
		}
		if resp.StatusCode >= 500 {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	}, backoff.NewExponentialBackOff())
}

func retryGo(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return retry.Do(func() error { // want `retry.Do is not given ctx, which its operation uses: after the caller gives up it goes on for up to 9 more attempts over 51.1s; add the option retry.Context\(ctx\)`
		_, err := cz.GetTopChannels(ctx, &grpc_channelz_v1.GetTopChannelsRequest{}) // want `retry.Do retries every error of the gRPC call`
		return err
	}, retry.Attempts(10))
}

// A classifier decides which errors go round: quiet.
func retryGoClassified(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return retry.Do(func() error {
		_, err := cz.GetTopChannels(ctx, &grpc_channelz_v1.GetTopChannelsRequest{})
		return err
	}, retry.RetryIf(func(err error) bool { return !errors.Is(err, context.Canceled) }))
}

func retryGoContext(ctx context.Context, cz grpc_channelz_v1.ChannelzClient) error {
	return retry.Do(func() error {
		_, err := cz.GetTopChannels(ctx, &grpc_channelz_v1.GetTopChannelsRequest{}) // want `retry.Do retries every error of the gRPC call`
		return err
	}, retry.Context(ctx))
}

func retryGoPlain(ctx context.Context, c *http.Client, req *http.Request) error {
	return retry.Do(func() error { // want `retry.Do is not given ctx`
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, retry.Attempts(4), retry.Delay(time.Second))
}

func backoffV5Background(ctx context.Context, c *http.Client, req *http.Request) error {
	_, err := backoffv5.Retry(context.Background(), func() (int, error) { // want `backoff.Retry is given context.Background\(\) while its operation uses ctx: after the caller gives up it goes on for up to 2 more attempts over 1.3s; pass ctx as its first argument`
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil {
			return 0, err
		}
		return resp.StatusCode, nil
	}, backoffv5.WithMaxTries(3))
	return err
}

func backoffV5(ctx context.Context, c *http.Client, req *http.Request) error {
	_, err := backoffv5.Retry(ctx, func() (int, error) {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil {
			return 0, err
		}
		return resp.StatusCode, nil
	}, backoffv5.WithMaxTries(3))
	return err
}

// The same decision written as "continue on it, return the rest".
func roundsOnCancelContinue(ctx context.Context, c *http.Client, req *http.Request) error {
	for i := 0; i < 4; i++ {
		_, err := c.Do(req.WithContext(ctx))
		if err == nil {
			return nil
		}
		if errors.Is(err, context.Canceled) { // want `retry loop goes round on context.Canceled, the error of its own context`
			time.Sleep(time.Second)
			continue
		}
		return err
	}
	return errGone
}

// Options kept in a package variable and spread into the call are read
// as if written there: no retry.Context among them.
var uploadOpts = []retry.Option{retry.Attempts(4), retry.Delay(time.Second)}

func retryGoSpread(ctx context.Context, c *http.Client, req *http.Request) error {
	return retry.Do(func() error { // want `retry.Do is not given ctx, which its operation uses: after the caller gives up it goes on for up to 3 more attempts`
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, uploadOpts...)
}

// The twins: a local list that holds retry.Context(ctx), and a list the
// function is given (it may hold one), are quiet.
func retryGoSpreadContext(ctx context.Context, c *http.Client, req *http.Request) error {
	opts := []retry.Option{retry.Context(ctx), retry.Attempts(4), retry.Delay(time.Second)}
	return retry.Do(func() error {
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, opts...)
}

func retryGoSpreadGiven(ctx context.Context, c *http.Client, req *http.Request, opts []retry.Option) error {
	return retry.Do(func() error {
		_, err := c.Do(req.WithContext(ctx))
		return err
	}, opts...)
}

// A classifier of the package that retries timeouts names the context's
// deadline among them: the caller's deadline goes round.
func isTimeout(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var ne interface{ Timeout() bool }
	return errors.As(err, &ne) && ne.Timeout()
}

func pushMetrics(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = fetchOnce(ctx, c, url); err == nil {
			return nil
		}
		if !isTimeout(err) { // want `retry loop goes round on context.DeadlineExceeded \(isTimeout\(err\) retries it\), the error of its own context: every further attempt fails at once and only adds delay \(up to 3 more attempts over 3s\)`
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twins: each attempt's own deadline may time out and go round, and
// a classifier that stops on the context's errors.
func pushTraces(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 4; i++ {
		actx, cancel := context.WithTimeout(ctx, time.Second)
		_, err = fetchOnce(actx, c, url)
		cancel()
		if err == nil {
			return nil
		}
		if !isTimeout(err) {
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

func isNetTimeout(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return false
	}
	var ne interface{ Timeout() bool }
	return errors.As(err, &ne) && ne.Timeout()
}

func pushLogs(ctx context.Context, c *http.Client, url string) error {
	var err error
	for i := 0; i < 4; i++ {
		if _, err = fetchOnce(ctx, c, url); err == nil {
			return nil
		}
		if !isNetTimeout(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func fetchOnce(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}
