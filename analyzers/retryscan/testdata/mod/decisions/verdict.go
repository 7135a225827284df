package decisions

import (
	"errors"
	"net/http"
	"os"
	"slices"
	"time"
)

// Loops that decide through a verdict (engine/verdict.go): a status in a
// configured list, a function value handed the outcome. Which outcomes
// go round is unknown; the loop is a retry when success goes round only
// through the verdict, it waits, and its attempt may leave the machine.

type listClient struct {
	hc    *http.Client
	codes []int
}

func (c *listClient) retryable(code int) bool {
	for _, x := range c.codes {
		if x == code {
			return true
		}
	}
	return false
}

func (c *listClient) getListed(url string) (*http.Response, error) { // want `retrier\(4 via retry loop\)`
	for i := 0; ; i++ { // want `site loop "retry loop" 4 attempts`
		resp, err := c.hc.Get(url)
		if i == 3 || err == nil && !c.retryable(resp.StatusCode) {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}

func (c *listClient) getContains(url string) (*http.Response, error) { // want `retrier\(N via retry loop\)`
	for { // want `site loop "retry loop" N attempts`
		resp, err := c.hc.Get(url)
		if err == nil && !slices.Contains(c.codes, resp.StatusCode) {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the list is looked up, but a success it does not name is
// consumed and the loop goes on (a watch): no way of a success leaves.
func (c *listClient) watch(url string, handle func(*http.Response)) {
	for {
		resp, err := c.hc.Get(url)
		if err != nil || c.retryable(resp.StatusCode) {
			time.Sleep(time.Second)
			continue
		}
		handle(resp)
		time.Sleep(time.Second)
	}
}

type outcome struct {
	n   int
	err error
}

type funcClient struct {
	hc    *http.Client
	again func(outcome) bool
	note  func(int) bool
}

func (c *funcClient) get(url string) (*http.Response, error) { // want `retrier\(N via retry loop\)`
	for i := 0; ; i++ { // want `site loop "retry loop" N attempts`
		resp, err := c.hc.Get(url)
		if !c.again(outcome{n: i, err: err}) {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: the function value is handed nothing of the outcome (the
// count alone): no verdict, and success goes round.
func (c *funcClient) getCounted(url string) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, err := c.hc.Get(url)
		if !c.note(i) {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}

// Look-alike: no wait between the sends.
func (c *funcClient) getNoWait(url string) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, err := c.hc.Get(url)
		if !c.again(outcome{n: i, err: err}) {
			return resp, err
		}
	}
}

// Look-alike: the attempt stays on this machine.
func (c *funcClient) readFile(name string) ([]byte, error) {
	for i := 0; ; i++ {
		b, err := os.ReadFile(name)
		if !c.again(outcome{n: i, err: err}) {
			return b, err
		}
		time.Sleep(time.Second)
	}
}

type verdictState struct{ ready bool }

func (c *funcClient) readState(url string) (*verdictState, error) {
	resp, err := c.hc.Get(url)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &verdictState{}, nil
}

// Look-alike: a poll for a state, which hands a function value the state
// it reads, not the error (flynn's sirenia client waitFor).
func (c *funcClient) waitFor(url string, expected func(*verdictState) bool) error {
	for {
		st, err := c.readState(url)
		if err != nil {
			if !errors.Is(err, os.ErrDeadlineExceeded) {
				return err
			}
		} else if expected(st) {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
}
