package poll

import (
	"context"
	"errors"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// A condition of wait.ExponentialBackoffWithContext goes round on
// (false, nil): here on every status but 200, a 404 too, whether it
// branches on the status or answers with the test.
var settle = wait.Backoff{Duration: time.Second, Factor: 2, Steps: 5}

var errStatus = errors.New("unexpected status")

func awaitBranch(ctx context.Context, c *http.Client, url string) error {
	return wait.ExponentialBackoffWithContext(ctx, settle, func(ctx context.Context) (bool, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return false, nil
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK { // want `wait.ExponentialBackoffWithContext retries HTTP 4xx responses such as 404 \(resp.StatusCode != http.StatusOK holds for them\): a client error does not change on retry, so each costs up to 4 more attempts over 15s`
			return false, nil
		}
		return true, nil
	})
}

// Steps 6, but the wait that would pass Cap ends it after the third
// attempt (waits 1s, 2s; 4s then 8s passes 5s): 2 more attempts, not 5.
var capped = wait.Backoff{Duration: time.Second, Factor: 2, Steps: 6, Cap: 5 * time.Second}

// The twin with no Cap: all 6 steps.
var uncapped = wait.Backoff{Duration: time.Second, Factor: 2, Steps: 6}

func awaitCapped(ctx context.Context, c *http.Client, url string) error {
	return wait.ExponentialBackoffWithContext(ctx, capped, func(ctx context.Context) (bool, error) { // want `wait.ExponentialBackoffWithContext retries HTTP 4xx responses such as 404: a client error does not change on retry, so each costs up to 2 more attempts over 3s; stop on 4xx`
		resp, err := c.Get(url)
		if err != nil {
			return false, nil
		}
		defer resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
}

func awaitUncapped(ctx context.Context, c *http.Client, url string) error {
	return wait.ExponentialBackoffWithContext(ctx, uncapped, func(ctx context.Context) (bool, error) { // want `wait.ExponentialBackoffWithContext retries HTTP 4xx responses such as 404: a client error does not change on retry, so each costs up to 5 more attempts over 31s`
		resp, err := c.Get(url)
		if err != nil {
			return false, nil
		}
		defer resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
}

func awaitAnswer(ctx context.Context, c *http.Client, url string) error {
	return wait.ExponentialBackoffWithContext(ctx, settle, func(ctx context.Context) (bool, error) { // want `wait.ExponentialBackoffWithContext retries HTTP 4xx responses such as 404: a client error does not change on retry`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return false, nil
		}
		defer resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
}

// The twins: a condition that stops with an error on a 4xx, and one
// that names the 404 it waits through (the resource is not there yet).
func awaitServer(ctx context.Context, c *http.Client, url string) error {
	return wait.ExponentialBackoffWithContext(ctx, settle, func(ctx context.Context) (bool, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return false, nil
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 400 && resp.StatusCode < 500 {
			return false, errStatus
		}
		return resp.StatusCode == http.StatusOK, nil
	})
}

func awaitCreated(ctx context.Context, c *http.Client, url string) error {
	return wait.ExponentialBackoffWithContext(ctx, settle, func(ctx context.Context) (bool, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return false, nil
		}
		defer resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			return true, nil
		case http.StatusNotFound:
			return false, nil
		default:
			return false, errStatus
		}
	})
}
