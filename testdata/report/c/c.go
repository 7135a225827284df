// Package c is the inner layer: a retryablehttp client with RetryMax 2,
// 3 attempts per call.
package c

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// Get sends one GET through a retrying client.
func Get(ctx context.Context, url string) error {
	client := retryablehttp.NewClient()
	client.RetryMax = 2
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Ping calls out with no retry: an outbound call that is no part of the
// retry topology (the look-alike of Get).
func Ping(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
