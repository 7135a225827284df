// Package e2e holds one example of each retryclass finding next to the
// corrected version that it does not report.
package e2e

import (
	"context"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
)

// Fetch goes on retrying after its caller gave up: the request carries
// ctx, the wait ignores it.
func Fetch(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < 4; i++ {
		if resp, err := c.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(rand.N(2 * time.Second))
	}
	return nil, errGaveUp
}

// FetchFixed waits in a select on ctx.Done().
func FetchFixed(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < 4; i++ {
		if resp, err := c.Do(req); err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(rand.N(2 * time.Second)):
		}
	}
	return nil, errGaveUp
}

// Lookup retries every status but 200, a 404 included.
func Lookup(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode == http.StatusOK {
			return resp, nil
		}
		if resp != nil {
			resp.Body.Close()
		}
		time.Sleep(rand.N(2 * time.Second))
	}
	return nil, errGaveUp
}

// LookupFixed returns a 4xx at once.
func LookupFixed(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req)
		if err == nil && (resp.StatusCode == http.StatusOK || resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests) {
			return resp, nil
		}
		if resp != nil {
			resp.Body.Close()
		}
		time.Sleep(rand.N(2 * time.Second))
	}
	return nil, errGaveUp
}

// Retryer makes the AWS SDK retry AccessDenied, which will not change.
func Retryer() aws.Retryer {
	return retry.AddWithErrorCodes(retry.NewStandard(), "AccessDenied")
}

// RetryerFixed adds a code that is transient.
func RetryerFixed() aws.Retryer {
	return retry.AddWithErrorCodes(retry.NewStandard(), "TransactionInProgressException")
}

// Publish answers 429 with its own delay.
func Publish(c *http.Client, req *http.Request) error {
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(rand.N(2 * time.Second))
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			time.Sleep(rand.N(2 * time.Second))
			continue
		}
		return nil
	}
	return errGaveUp
}

// PublishFixed waits what the server asked.
func PublishFixed(c *http.Client, req *http.Request) error {
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(rand.N(2 * time.Second))
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			wait := rand.N(2 * time.Second)
			if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
				wait = time.Duration(s) * time.Second
			}
			time.Sleep(wait)
			continue
		}
		return nil
	}
	return errGaveUp
}

type gaveUp struct{}

func (gaveUp) Error() string { return "gave up" }

var errGaveUp error = gaveUp{}
