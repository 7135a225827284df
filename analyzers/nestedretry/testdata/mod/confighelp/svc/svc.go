// Package svc retries around the clients retrycfg builds: the inner
// layer's attempts come from retrycfg's facts.
package svc

import (
	"time"

	"example.com/nestedtest/confighelp/retrycfg"
)

// A loop of 3 around a client that makes 8 attempts itself.
func Fetch(url string) error {
	hc := retrycfg.HTTPClient()
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop \(3 attempts\) wraps retryablehttp.Client.StandardClient \(8 attempts\), which retries again: up to 24 calls per request`
		if _, err = hc.Get(url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twin: retries turned off in the helper: one layer.
func FetchOnce(url string) error {
	hc := retrycfg.NoRetryClient()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = hc.Get(url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twin: a client that does not retry.
func FetchPlain(url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = retrycfg.PlainClient().Get(url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
