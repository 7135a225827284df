// Package use sends a POST through another package's transport whose
// retry resends any request: reported there, once, not here.
package use

import (
	"net/http"
	"strings"

	"example.com/nonidemtest/proxy"
)

var client = &http.Client{Transport: proxy.NewRetrying()}

func CreateOrder(body string) error { // want CreateOrder:`nonidempotent\(an HTTP POST\)`
	_, err := client.Post("https://orders.example.com/v1/orders", "application/json", strings.NewReader(body))
	return err
}
