// Package off turns client retries off; a retry around such a client is
// one layer only.
package off

import (
	"context"
	"errors"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
)

// clients whose retries are turned off in visible code.
func offRetryableHTTP() error {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	return retry.Do(func() error {
		_, err := c.Get("http://example.com")
		return err
	})
}

func offSQS(ctx context.Context, client *sqs.Client) error {
	return retry.Do(func() error {
		_, err := client.SendMessage(ctx, &sqs.SendMessageInput{}, func(o *sqs.Options) { o.Retryer = aws.NopRetryer{} })
		return err
	})
}

func offSQSAttempts(ctx context.Context, client *sqs.Client) error {
	return retry.Do(func() error {
		_, err := client.SendMessage(ctx, &sqs.SendMessageInput{}, func(o *sqs.Options) { o.RetryMaxAttempts = 1 })
		return err
	})
}

// A client kept in a field, configured in a constructor: the package
// turns retries off, so the call is not counted as a layer.
type api struct{ c *retryablehttp.Client }

func newAPI() *api {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	return &api{c: c}
}

func (a *api) call() error {
	return retry.Do(func() error {
		_, err := a.c.Get("http://example.com")
		return err
	})
}

// A poll that goes round only while the queue is not found (404): a 5xx
// leaves it after the SDK's own attempts, so the layers do not multiply.
func waitQueue(ctx context.Context, client *sqs.Client) error {
	for i := 0; i < 20; i++ {
		_, err := client.GetQueueUrl(ctx, &sqs.GetQueueUrlInput{})
		if err == nil {
			return nil
		}
		var re interface{ HTTPStatusCode() int }
		if !errors.As(err, &re) || re.HTTPStatusCode() != http.StatusNotFound {
			return err
		}
		time.Sleep(5 * time.Second)
	}
	return errors.New("no queue")
}

// The twin: a 5xx goes round as well, and each round is the SDK's three
// attempts.
func waitQueueOr5xx(ctx context.Context, client *sqs.Client) error {
	for i := 0; i < 20; i++ { // want `retry loop \(20 attempts\) wraps sqs.GetQueueUrl \(N attempts\), which retries again: up to 20xN calls per call of waitQueueOr5xx`
		_, err := client.GetQueueUrl(ctx, &sqs.GetQueueUrlInput{})
		if err == nil {
			return nil
		}
		var re interface{ HTTPStatusCode() int }
		if !errors.As(err, &re) || (re.HTTPStatusCode() != http.StatusNotFound && re.HTTPStatusCode() < 500) {
			return err
		}
		time.Sleep(5 * time.Second)
	}
	return errors.New("no queue")
}

// One attempt is no retry: the inner layer made of retry.Attempts(1) (the
// fix nestedretry itself proposes), a backoff with no retries, a wrapper
// called with a count of 1.
func once(ctx context.Context) error {
	return retry.Do(func() error { return get(ctx) }, retry.Attempts(1), retry.Context(ctx))
}

func onceBackoff(ctx context.Context) error {
	return backoff.Retry(func() error { return get(ctx) }, backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 0), ctx))
}

func attempts(ctx context.Context, n int, f func(context.Context) error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = f(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func outerOnce(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = once(ctx); err == nil {
			return nil
		}
		if err = onceBackoff(ctx); err == nil {
			return nil
		}
		if err = attempts(ctx, 1, get); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The twins: two attempts are a retry, and the layers multiply.
func twice(ctx context.Context) error {
	return retry.Do(func() error { return get(ctx) }, retry.Attempts(2), retry.Context(ctx))
}

func outerTwice(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls twice, which retries again: up to 6 calls per call of outerTwice`
		if err = twice(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func outerAttempts(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps attempts \(2 attempts\), which retries again: up to 6 calls per call of outerAttempts`
		if err = attempts(ctx, 2, get); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func get(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://example.com", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
