// Package switchedon turns the switch of package switched on: its calls of
// Client.Do retry.
package switchedon

import (
	"net/http"

	"example.com/retryscantest/switched"
)

func newClient() *switched.Client {
	cfg := switched.NewConfig()
	cfg.AutoRetry = true
	return switched.NewClient(cfg)
}

func send(req *http.Request) error { // want `retrier\(N via Client.Do -> retry loop, switch switched.Config.AutoRetry\)`
	_, err := newClient().Do(req) // want `site retrier "Client.Do" N attempts`
	return err
}
