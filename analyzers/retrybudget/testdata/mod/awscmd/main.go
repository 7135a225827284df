// Command awscmd is a batch job: it turns the token bucket off so its own
// work finishes, and serves no requests. Not reported.
package main

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/ratelimit"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

func main() {
	c := sqs.NewFromConfig(aws.Config{}, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.RateLimiter = ratelimit.None })
	})
	c.SendMessage(context.Background(), &sqs.SendMessageInput{})
}
