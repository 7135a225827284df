// Package poll holds apimachinery's context-free waits handed work that
// uses the caller's context, each beside the look-alike that stops.
package poll

import (
	"context"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

func ready(ctx context.Context, c *http.Client, url string) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false, err
	}
	resp, err := c.Do(req)
	if err != nil {
		return false, err
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK, nil
}

// The condition swallows the failure: once ctx is done every check fails
// at once and the poll goes on until its timeout.
func waitReady(ctx context.Context, c *http.Client, url string) error {
	return wait.PollImmediate(time.Second, 5*time.Minute, func() (bool, error) { // want `wait.PollImmediate is not given ctx, which its condition uses: after the caller gives up it polls on until its timeout; use wait.PollUntilContextTimeout\(ctx, interval, timeout, true, condition\)`
		ok, err := ready(ctx, c, url)
		if err != nil {
			return false, nil
		}
		return ok, nil
	})
}

// The context twin: quiet.
func waitReadyCtx(ctx context.Context, c *http.Client, url string) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, 5*time.Minute, true, func(ctx context.Context) (bool, error) {
		ok, err := ready(ctx, c, url)
		if err != nil {
			return false, nil
		}
		return ok, nil
	})
}

// The condition returns the failure, which ends the poll: quiet.
func waitReadyErr(ctx context.Context, c *http.Client, url string) error {
	return wait.Poll(time.Second, 5*time.Minute, func() (bool, error) {
		return ready(ctx, c, url)
	})
}

// The condition stops on the context: quiet.
func waitReadyChecks(ctx context.Context, c *http.Client, url string) error {
	return wait.PollInfinite(time.Second, func() (bool, error) {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		ok, _ := ready(ctx, c, url)
		return ok, nil
	})
}

// Forever, with nothing that stops it.
func waitForever(ctx context.Context, c *http.Client, url string) error {
	return wait.PollInfinite(time.Second, func() (bool, error) { // want `wait.PollInfinite is not given ctx, which its condition uses: after the caller gives up it polls on forever; use wait.PollUntilContextCancel\(ctx, interval, false, condition\)`
		ok, _ := ready(ctx, c, url)
		return ok, nil
	})
}

// A context nobody cancels: quiet.
func waitBackground(c *http.Client, url string) error {
	ctx := context.Background()
	return wait.PollInfinite(time.Second, func() (bool, error) {
		ok, _ := ready(ctx, c, url)
		return ok, nil
	})
}

// Until with a stop channel that never closes runs for the life of the
// process.
func refresh(ctx context.Context, c *http.Client, url string) {
	go wait.Until(func() { // want `wait.Until is given a stop channel that never closes while its function uses ctx: after the caller gives up it runs every period for the life of the process; use wait.UntilWithContext\(ctx, f, period\)`
		ready(ctx, c, url)
	}, time.Minute, wait.NeverStop)
}

// Until stopped by the context's Done channel: quiet.
func refreshStops(ctx context.Context, c *http.Client, url string) {
	go wait.Until(func() {
		ready(ctx, c, url)
	}, time.Minute, ctx.Done())
}

// A stop channel of the caller's: quiet (it may close with ctx).
func refreshStopCh(ctx context.Context, stop <-chan struct{}, c *http.Client, url string) {
	go wait.Until(func() {
		ready(ctx, c, url)
	}, time.Minute, stop)
}

// A function that does not use ctx: quiet.
func refreshNoCtx(ctx context.Context, c *http.Client, url string) {
	go wait.Forever(func() {
		ready(context.Background(), c, url)
	}, time.Minute)
	<-ctx.Done()
}
