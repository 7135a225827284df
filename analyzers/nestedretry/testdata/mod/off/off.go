// Package off turns client retries off; a retry around such a client is
// one layer only.
package off

import (
	"context"

	retry "github.com/avast/retry-go/v4"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
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
