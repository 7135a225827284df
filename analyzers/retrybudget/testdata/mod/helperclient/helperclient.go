// Package helperclient holds retries whose attempts send their HTTP
// request in a function of the package they call: the client's Timeout
// bounds each attempt there as it does in the loop.
package helperclient

import (
	"context"
	"net/http"
	"time"
)

// client keeps its http.Client in an unexported field that only the
// constructor sets: its 5s Timeout is known.
type client struct{ hc *http.Client }

func newClient() *client { return &client{hc: &http.Client{Timeout: 5 * time.Second}} }

func (c *client) try(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// 3 attempts of 5s and two 1s waits do not fit in 10s.
func (c *client) fetch(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry can take 5s \+ 1s \+ 5s \+ 1s \+ 5s = 17s \(the http.Client's Timeout bounds each attempt, not the retry\) but its context has a 10s deadline`
		if err = c.try(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twin: 17s fits in 30s, and each attempt has its 5s.
func (c *client) fetchFits(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = c.try(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Two helpers down, the same.
func (c *client) get(ctx context.Context, url string) error { return c.try(ctx, url) }

func (c *client) fetchTwoDown(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry can take 5s \+ 1s \+ 5s \+ 1s \+ 5s = 17s \(the http.Client's Timeout bounds each attempt, not the retry\) but its context has a 10s deadline`
		if err = c.get(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func (c *client) fetchTwoDownFits(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = c.get(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Ext's client is given by its user in an exported field: its Timeout
// cannot be seen, so whether an attempt can use the whole budget is not
// known, and nothing is reported.
type Ext struct{ HC *http.Client }

func (e *Ext) try(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := e.HC.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (e *Ext) Fetch(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = e.try(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twin: the DefaultClient has no Timeout, one helper or two down, so
// a first attempt that hangs uses the whole budget.
func getDefault(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func fetchDefault(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry's attempts have no timeout of their own under a 10s deadline`
		if err = getDefault(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func getDefaultVia(ctx context.Context, url string) error { return getDefault(ctx, url) }

func fetchDefaultTwoDown(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry's attempts have no timeout of their own under a 10s deadline`
		if err = getDefaultVia(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A client literal with no Timeout, in a helper: none either.
func getBare(ctx context.Context, url string) error {
	hc := &http.Client{}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func fetchBare(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ { // want `retry's attempts have no timeout of their own under a 10s deadline`
		if err = getBare(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twin: a helper that gives the DefaultClient's call a 2s timeout,
// two calls below the attempt: 2s + 1s + 2s + 1s + 2s = 8s fits.
func getQuick(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return getDefault(ctx, url)
}

func getQuickVia(ctx context.Context, url string) error { return getQuick(ctx, url) }

func fetchQuick(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = getQuickVia(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
