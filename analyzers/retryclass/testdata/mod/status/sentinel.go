package status

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// A helper wraps every 4xx in the package's own sentinel, the
// hand-rolled backoff.Permanent, and the loop returns on it (the fix of
// e2b-dev/infra#2405): a 404 stops.
var errFinal = errors.New("final")

func readOnce(ctx context.Context, hc *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("%w: %v", errFinal, err)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 && resp.StatusCode < 500 {
		return fmt.Errorf("%w: status %d", errFinal, resp.StatusCode)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

func readStopsOnFinal(ctx context.Context, hc *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = readOnce(ctx, hc, url)
		if err == nil || errors.Is(err, errFinal) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return err
}

// The twin formats the sentinel with %v: the message names it, but
// errors.Is does not find it, and every 4xx goes round.
func readOnceText(ctx context.Context, hc *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 && resp.StatusCode < 500 {
		return fmt.Errorf("%v: status %d", errFinal, resp.StatusCode)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

func readMissesFinal(ctx context.Context, hc *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = readOnceText(ctx, hc, url)
		if err == nil || errors.Is(err, errFinal) { // want `retry loop retries HTTP 4xx responses such as 404`
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return err
}
