// Package poll holds loops that wait for an object to appear around a
// function that retries: the package's own sentinel, returned only on a
// 404, is "not found", and a loop that goes round on it alone polls and
// adds no layer. The twins go round on a failure of the service too.
package poll

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

var errNotFound = errors.New("not found")

// status makes one request and returns its status.
func status(ctx context.Context, url string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

func get(ctx context.Context, url string) error {
	code, err := status(ctx, url)
	switch {
	case err != nil:
		return err
	case code == http.StatusNotFound:
		return errNotFound
	case code >= 500:
		return fmt.Errorf("status %d", code)
	}
	return nil
}

func fetch(ctx context.Context, url string) error {
	return retry.Do(func() error { return get(ctx, url) }, retry.Attempts(5), retry.MaxDelay(time.Second), retry.Context(ctx))
}

// WaitFor polls: only "not found" goes round.
func WaitFor(ctx context.Context, url string) error {
	for i := 0; i < 30; i++ {
		err := fetch(ctx, url)
		if !errors.Is(err, errNotFound) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("timed out waiting")
}

// FetchAll goes round on any failure: each round is fetch's five
// attempts.
func FetchAll(ctx context.Context, url string) error {
	for i := 0; i < 30; i++ { // want `retry loop \(30 attempts\) calls fetch, which retries again: up to 150 calls`
		err := fetch(ctx, url)
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("timed out")
}

// errMissing is returned on a 404 and on a 5xx: going round on it goes
// round on an outage.
var errMissing = errors.New("not found")

func getOr5xx(ctx context.Context, url string) error {
	code, err := status(ctx, url)
	if err != nil {
		return err
	}
	if code == http.StatusNotFound || code >= 500 {
		return errMissing
	}
	return nil
}

func fetchOr5xx(ctx context.Context, url string) error {
	return retry.Do(func() error { return getOr5xx(ctx, url) }, retry.Attempts(5), retry.MaxDelay(time.Second), retry.Context(ctx))
}

// WaitOr5xx goes round on errMissing, a 5xx among its causes.
func WaitOr5xx(ctx context.Context, url string) error {
	for i := 0; i < 30; i++ { // want `retry loop \(30 attempts\) calls fetchOr5xx, which retries again: up to 150 calls`
		err := fetchOr5xx(ctx, url)
		if !errors.Is(err, errMissing) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("timed out waiting")
}
