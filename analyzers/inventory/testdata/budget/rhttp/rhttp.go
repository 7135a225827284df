// Package rhttp retries through go-retryablehttp, which has no budget:
// its client, and the *http.Client its StandardClient returns.
package rhttp

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// Get retries through the client.
func Get(url string) (*http.Response, error) {
	c := retryablehttp.NewClient()
	return c.Get(url) // budget: none
}

// Std retries through the *http.Client it hands out.
func Std(req *http.Request) (*http.Response, error) {
	hc := retryablehttp.NewClient().StandardClient()
	return hc.Do(req) // budget: none
}
