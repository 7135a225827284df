// Package switchsdk is an SDK whose retry loop runs on every call but goes
// round only when its user turns Config.AutoRetry on (the Alibaba Cloud SDK's
// shape); its other clients retry unless stopped.
package switchsdk

import (
	"errors"
	"net/http"
	"time"
)

type Config struct {
	AutoRetry    bool
	MaxRetryTime int
}

// NewConfig leaves AutoRetry off: a call makes one attempt.
func NewConfig() *Config { return &Config{AutoRetry: false, MaxRetryTime: 3} }

func (c *Config) WithAutoRetry(on bool) *Config {
	c.AutoRetry = on
	return c
}

type Client struct {
	config *Config
	hc     *http.Client
}

func NewClient(cfg *Config) *Client {
	return &Client{config: cfg, hc: &http.Client{Timeout: time.Second}}
}

func (c *Client) Do(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i <= c.config.MaxRetryTime; i++ {
		resp, err = c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if !c.config.AutoRetry {
			return resp, err
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return resp, err
}

// Stopper retries until it is closed: its flag stops a retry that runs by
// default, so it is no switch.
type Stopper struct {
	closed bool
	hc     *http.Client
}

func NewStopper() *Stopper { return &Stopper{hc: &http.Client{Timeout: time.Second}} }

func (s *Stopper) Close() { s.closed = true }

func (s *Stopper) Get(url string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = s.hc.Get(url); err == nil {
			return resp, nil
		}
		if s.closed {
			return nil, errors.New("closed")
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil, err
}

// EagerConfig's retry is on unless its user turns it off: the library sets
// it true itself, so it is no switch either.
type EagerConfig struct{ Retry bool }

func NewEagerConfig() *EagerConfig { return &EagerConfig{Retry: true} }

type Eager struct {
	cfg *EagerConfig
	hc  *http.Client
}

func NewEager(cfg *EagerConfig) *Eager {
	return &Eager{cfg: cfg, hc: &http.Client{Timeout: time.Second}}
}

func (e *Eager) Get(url string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = e.hc.Get(url); err == nil {
			return resp, nil
		}
		if !e.cfg.Retry {
			return nil, err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil, err
}
