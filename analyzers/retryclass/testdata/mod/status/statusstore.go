package status

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// A client keeps the status of its last response in a field, and the
// loop decides on the field after the call (vmware/vic#5988): it stops
// on 404 alone, and every other 4xx goes round.
type keeper struct{ lastStatus int }

func (k *keeper) get(ctx context.Context, url string) error {
	k.lastStatus = 0
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	k.lastStatus = resp.StatusCode
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("get %s: status %d", url, resp.StatusCode)
	}
	return nil
}

func (k *keeper) fetchStopsOnNotFound(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = k.get(ctx, url); err == nil { // want `retry loop retries HTTP 4xx responses such as 400 \(it stops on 404 only, the other 4xx go round\)`
			return nil
		}
		if k.lastStatus == http.StatusNotFound {
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

// The twin stops on every 4xx the field holds.
func (k *keeper) fetchStopsOnClientErrors(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = k.get(ctx, url); err == nil {
			return nil
		}
		if k.lastStatus >= 400 && k.lastStatus < 500 {
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

// A field that something else also writes (a count of the package's
// own) says no status: the loop that stops on its value is quiet.
type tally struct{ last int }

func (t *tally) send(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	t.last = resp.StatusCode
	if resp.StatusCode != http.StatusOK {
		t.last = t.last + 1000
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

func (t *tally) sendStopsOnMark(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = t.send(ctx, url); err == nil {
			return nil
		}
		if t.last == 1404 {
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
