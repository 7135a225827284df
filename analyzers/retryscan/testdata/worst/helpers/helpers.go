// Package helpers holds attempts that make their HTTP call, or their
// timeout, in functions of the package they call: what bounds each
// attempt is read there, as if written in the loop.
package helpers

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// client keeps its http.Client in an unexported field that only the
// constructor sets: its Timeout is known.
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

// One helper down: the client's 5s bounds each attempt.
func (c *client) fetch(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst 5s \+ 1s \+ 5s \+ 1s \+ 5s = 17s; attempt client 5s`
		if err = c.try(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Two helpers down.
func (c *client) get(ctx context.Context, url string) error { return c.try(ctx, url) }

func (c *client) fetchTwoDown(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst 5s \+ 1s \+ 5s \+ 1s \+ 5s = 17s; attempt client 5s`
		if err = c.get(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Four helpers down is as far as the recognizer reads; five is too far,
// and what bounds the attempt there is not known.
func (c *client) l2(ctx context.Context, url string) error { return c.get(ctx, url) }
func (c *client) l3(ctx context.Context, url string) error { return c.l2(ctx, url) }
func (c *client) l4(ctx context.Context, url string) error { return c.l3(ctx, url) }

func (c *client) fetchFourDown(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst 5s \+ 1s \+ 5s \+ 1s \+ 5s = 17s; attempt client 5s`
		if err = c.l3(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func (c *client) fetchFiveDown(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst \? \+ 1s \+ \? \+ 1s \+ \? >= 2s; attempt unknown`
		if err = c.l4(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Ext's client is given by its user, in an exported field: its Timeout
// cannot be seen, and neither can what bounds the attempt.
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
	var err error
	for i := 0; i < 3; i++ { // want `worst \? \+ 1s \+ \? \+ 1s \+ \? >= 2s; attempt unknown`
		if err = e.try(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The DefaultClient, in a helper and in a helper's helper, has no
// timeout: nothing bounds the attempt.
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

func getDefaultVia(ctx context.Context, url string) error { return getDefault(ctx, url) }

func fetchDefault(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst \? \+ 1s \+ \? \+ 1s \+ \? >= 2s; attempt none`
		if err = getDefaultVia(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// http.Get sends with the DefaultClient too.
func head(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func fetchGet(url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst \? \+ 1s \+ \? \+ 1s \+ \? >= 2s; attempt none`
		if err = head(url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A helper's helper that sets its own timeout bounds the attempt.
func tryBounded(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return getDefault(ctx, url)
}

func tryBoundedVia(ctx context.Context, url string) error { return tryBounded(ctx, url) }

func fetchBounded(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst 2s \+ 1s \+ 2s \+ 1s \+ 2s = 8s; attempt context 2s`
		if err = tryBoundedVia(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The level nearest the attempt decides: the DefaultClient call in the
// loop is not bounded by the client its helper reports with.
func (c *client) report(ctx context.Context, url string) { _ = c.try(ctx, url) }

func (c *client) fetchReported(ctx context.Context, url string) error {
	for i := 0; i < 3; i++ { // want `worst \? \+ 1s \+ \? \+ 1s \+ \? >= 2s; attempt none`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		c.report(ctx, url+"/failed")
		time.Sleep(time.Second)
	}
	return errors.New("exhausted")
}

// Two HTTP calls, one helper down: what bounds the attempt is not one
// client's Timeout.
func (c *client) tryBoth(ctx context.Context, url string) error {
	if err := c.try(ctx, url); err != nil {
		return err
	}
	return getDefault(ctx, url)
}

func (c *client) fetchBoth(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ { // want `worst \? \+ 1s \+ \? \+ 1s \+ \? >= 2s; attempt unknown`
		if err = c.tryBoth(ctx, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
