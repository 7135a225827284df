// Package retrycfg builds the service's HTTP clients once.
package retrycfg

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// HTTPClient retries inside a plain *http.Client: 7 retries, 8 attempts.
func HTTPClient() *http.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 7
	return rc.StandardClient()
}

// NoRetryClient turns the retries off.
func NoRetryClient() *http.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	return rc.StandardClient()
}

// PlainClient does not retry.
func PlainClient() *http.Client { return &http.Client{Timeout: time.Minute} }
