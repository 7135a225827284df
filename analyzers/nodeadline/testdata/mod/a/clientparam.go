package a

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

// An *http.Client parameter is the join of the clients the package's
// callers pass (mailpit's healthcheck: a client made by a constructor
// without Timeout, passed down to the request).

var errTimeout = errors.New("timeout")

// NewClient sets a handshake timeout, not the client's Timeout.
func NewClient() *http.Client {
	return &http.Client{Transport: &http.Transport{TLSHandshakeTimeout: 5 * time.Second}}
}

func check(c *http.Client, url string) error {
	resp, err := c.Get(url) // want `^c.Get sends a request with no context on a client made without Timeout and passed in via wait -> check: the request can wait forever; set the client's Timeout`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func wait(c *http.Client, url string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for check(c, url) != nil {
		if time.Now().After(deadline) {
			return errTimeout
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Wait is what importers call: the client is made here.
func Wait(url string) error { return wait(NewClient(), url, time.Minute) }

// One caller passes a client with Timeout: the parameter is unknown.
func checkEither(c *http.Client, url string) error {
	_, err := c.Head(url) // ok: a caller passes a client with Timeout
	return err
}

func probeBoth(url string) error {
	if err := checkEither(NewClient(), url); err != nil {
		return err
	}
	return checkEither(&http.Client{Timeout: 5 * time.Second}, url)
}

// Exported, no caller in the package: importers' clients are not seen.
func Check(c *http.Client, url string) error {
	_, err := c.Head(url) // ok: the callers are out of sight
	return err
}

// Exported, with a caller in the package: importers may call it too.
func CheckShared(c *http.Client, url string) error {
	_, err := c.Head(url) // ok: some callers are out of sight
	return err
}

func probeShared(url string) error { return CheckShared(NewClient(), url) }

// The constructor sets Timeout.
func newTimed() *http.Client { return &http.Client{Timeout: 10 * time.Second} }

func checkTimed(c *http.Client, url string) error {
	_, err := c.Head(url) // ok: the only caller passes a client with Timeout
	return err
}

func probeTimed(url string) error { return checkTimed(newTimed(), url) }

// A function value: it may be called with any client.
func checkValue(c *http.Client, url string) error {
	_, err := c.Head(url) // ok: checkValue is also a value, its callers unseen
	return err
}

var checks = []func(*http.Client, string) error{checkValue}

func probeValue(url string) error { return checkValue(NewClient(), url) }

// Methods: one an interface of the package names, one no interface does.
type prober struct{}

type probing interface {
	probe(c *http.Client, url string) error
}

var _ probing = prober{}

func (prober) probe(c *http.Client, url string) error {
	_, err := c.Head(url) // ok: it may be called through probing
	return err
}

func (prober) fetch(c *http.Client, url string) error {
	_, err := c.Head(url) // want `c.Head sends a request with no context on a client made without Timeout and passed in via fetch`
	return err
}

func probeMethods(url string) error {
	p := prober{}
	if err := p.probe(NewClient(), url); err != nil {
		return err
	}
	return p.fetch(NewClient(), url)
}

// A client handed to a function of the package is judged by what that
// function does to it.
func tune(c *http.Client) { c.Timeout = 5 * time.Second }

func describe(c *http.Client) string { return fmt.Sprint(c.Transport != nil) }

func tunedClient(url string) {
	c := &http.Client{}
	tune(c)
	c.Get(url) // ok: tune sets Timeout
}

func describedClient(url string) {
	c := &http.Client{}
	_ = describe(c)
	c.Get(url) // want `c.Get sends a request with no context on a client made without Timeout`
}
