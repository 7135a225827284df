// Package c is the bottom of the chain: its Get retries.
package c

import (
	"errors"

	backoff "github.com/cenkalti/backoff/v4"
)

func query() error { return errors.New("x") }

func Get() error {
	return backoff.Retry(query, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2))
}
