package poll

import (
	"context"
	"errors"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// A condition written as a literal held in a local and passed by name is
// the literal in the call: read the same.
var steps = wait.Backoff{Duration: time.Second, Factor: 2, Steps: 4}

func createHeld(ctx context.Context, c *http.Client, url string) error {
	cond := func() (bool, error) {
		if err := alive(ctx, c, url); err != nil {
			return false, nil
		}
		return true, nil
	}
	return wait.ExponentialBackoff(steps, cond) // want `wait.ExponentialBackoff is not given ctx, which its condition uses: after the caller gives up it polls on until its Steps; use wait.ExponentialBackoffWithContext\(ctx, backoff, condition\)`
}

// The twin whose held condition returns the failure: the poll ends.
func createHeldErr(ctx context.Context, c *http.Client, url string) error {
	cond := func() (bool, error) {
		if err := alive(ctx, c, url); err != nil {
			return false, err
		}
		return true, nil
	}
	return wait.ExponentialBackoff(steps, cond)
}

// A local that holds one of two conditions: which one runs is not known
// here, so neither is read.
func createEither(ctx context.Context, c *http.Client, url string, strict bool) error {
	cond := func() (bool, error) {
		if err := alive(ctx, c, url); err != nil {
			return false, nil
		}
		return true, nil
	}
	if strict {
		cond = func() (bool, error) { return true, alive(ctx, c, url) }
	}
	return wait.ExponentialBackoff(steps, cond)
}

// A function run by wait.Until, held in a local.
func refreshHeld(ctx context.Context, c *http.Client, url string) {
	sync := func() { ready(ctx, c, url) }
	go wait.Until(sync, time.Minute, wait.NeverStop) // want `wait.Until is given a stop channel that never closes while its function uses ctx: after the caller gives up it runs every period for the life of the process`
}

// A condition that answers with what a policy of the package says, and
// the policy says (false, nil) on a failure: the poll goes on.
func createPolicy(ctx context.Context, c *http.Client, url string) error {
	return wait.ExponentialBackoff(steps, func() (bool, error) { // want `wait.ExponentialBackoff is not given ctx, which its condition uses: after the caller gives up it polls on until its Steps`
		resp, err := get(ctx, c, url)
		return retryOn(resp, err)
	})
}

// alive fails when the server cannot be reached.
func alive(ctx context.Context, c *http.Client, url string) error {
	resp, err := get(ctx, c, url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func get(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

// retryOn goes round on a failure and on 429 and 5xx.
func retryOn(resp *http.Response, err error) (bool, error) {
	switch {
	case err != nil:
		return false, nil
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return false, nil
	default:
		return true, nil
	}
}

// The twin whose policy returns the failure: the poll ends once ctx is
// done.
func createPolicyErr(ctx context.Context, c *http.Client, url string) error {
	return wait.ExponentialBackoff(steps, func() (bool, error) {
		resp, err := get(ctx, c, url)
		return stopOn(resp, err)
	})
}

var errBusy = errors.New("busy")

// stopOn goes round on 429 and 5xx and stops on a failure.
func stopOn(resp *http.Response, err error) (bool, error) {
	switch {
	case err != nil:
		return false, err
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return false, nil
	case resp.StatusCode >= 400:
		return false, errBusy
	default:
		return true, nil
	}
}
