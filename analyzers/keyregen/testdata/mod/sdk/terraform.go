package sdk

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/scheduler"
	"github.com/google/uuid"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/resource"
	"github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
)

// terraform-plugin-sdk's retry runs the function it is given until it
// returns nil or a NonRetryableError, up to the timeout: a token made in
// the function is a new one on every attempt
// (tencentcloudstack/terraform-provider-tencentcloud#2549).
func tfCreate(ctx context.Context, c *scheduler.Client) error {
	return resource.Retry(5*time.Minute, func() *resource.RetryError {
		token := uuid.NewString() // want `idempotency key from uuid\.NewString is generated inside the retry \(resource\.Retry at`
		_, err := c.CreateSchedule(ctx, &scheduler.CreateScheduleInput{Name: aws.String("nightly"), ClientToken: aws.String(token)})
		if err != nil {
			return resource.RetryableError(err)
		}
		return nil
	})
}

// The same in helper/retry's RetryContext, through a function that
// makes the token on each call (#2684).
func createOnce(ctx context.Context, c *scheduler.Client) error { // want createOnce:`generatesKey\(uuid\.NewString -> field ClientToken\)`
	_, err := c.CreateSchedule(ctx, &scheduler.CreateScheduleInput{Name: aws.String("nightly"), ClientToken: aws.String(uuid.NewString())})
	return err
}

func tfCreateContext(ctx context.Context, c *scheduler.Client, timeout time.Duration) error {
	return retry.RetryContext(ctx, timeout, func() *retry.RetryError {
		if err := createOnce(ctx, c); err != nil { // want `idempotency key from uuid\.NewString \(via createOnce\) is generated inside the retry \(retry\.RetryContext at`
			return retry.RetryableError(err)
		}
		return nil
	})
}

// The fix: the token is made once, before the retry, and every attempt
// sends it.
func tfCreateOnce(ctx context.Context, c *scheduler.Client) error { // want tfCreateOnce:`generatesKey\(uuid\.NewString -> field ClientToken\)`
	token := uuid.NewString()
	return resource.RetryContext(ctx, 5*time.Minute, func() *resource.RetryError {
		_, err := c.CreateSchedule(ctx, &scheduler.CreateScheduleInput{Name: aws.String("nightly"), ClientToken: aws.String(token)})
		if err != nil {
			return resource.RetryableError(err)
		}
		return nil
	})
}

func createWith(ctx context.Context, c *scheduler.Client, token string) error { // want createWith:`sendsKey\(arg 2 -> field ClientToken\)`
	_, err := c.CreateSchedule(ctx, &scheduler.CreateScheduleInput{Name: aws.String("nightly"), ClientToken: aws.String(token)})
	return err
}

func tfCreateContextOnce(ctx context.Context, c *scheduler.Client, timeout time.Duration) error { // want tfCreateContextOnce:`generatesKey\(uuid\.NewString -> field ClientToken\)`
	token := uuid.NewString()
	return retry.RetryContext(ctx, timeout, func() *retry.RetryError {
		if err := createWith(ctx, c, token); err != nil {
			return retry.RetryableError(err)
		}
		return nil
	})
}
