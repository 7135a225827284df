// Package switched is an SDK whose retry loop goes round only when its
// user turns Config.AutoRetry on: the loop is a site, and Do is a retrier
// only where the switch is turned on (switchedon).
package switched

import (
	"net/http"
	"time"
)

type Config struct {
	AutoRetry    bool
	MaxRetryTime int
}

func NewConfig() *Config { return &Config{MaxRetryTime: 3} }

func (c *Config) WithAutoRetry(on bool) *Config {
	c.AutoRetry = on
	return c
}

type Client struct {
	config *Config
	hc     *http.Client
}

func NewClient(cfg *Config) *Client { return &Client{config: cfg, hc: http.DefaultClient} }

func (c *Client) Do(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i <= c.config.MaxRetryTime; i++ { // want `site loop "retry loop" N attempts`
		resp, err = c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		if !c.config.AutoRetry {
			return nil, err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return resp, err
}
