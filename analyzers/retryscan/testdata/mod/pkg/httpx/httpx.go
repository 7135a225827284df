// Package httpx wraps retrycfg's client: a helper of a helper, in a
// package that imports no retry library.
package httpx

import (
	"net/http"

	"example.com/retryscantest/pkg/retrycfg"
)

// Client is retrycfg.HTTPClient under another name.
func Client() *http.Client { // want `config\(go-retryablehttp.NewClient\(\) go-retryablehttp.Client.RetryMax=7 go-retryablehttp.Client.StandardClient\(\)\)`
	return retrycfg.HTTPClient()
}
