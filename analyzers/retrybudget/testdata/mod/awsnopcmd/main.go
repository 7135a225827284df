// Command awsnopcmd is a batch job: it turns the token bucket off with a
// limiter of its own so that its own work finishes, and serves no
// requests. Not reported.
package main

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

type nopLimiter struct{}

func (nopLimiter) GetToken(context.Context, uint) (func() error, error) {
	return func() error { return nil }, nil
}

func (nopLimiter) AddTokens(uint) error { return nil }

func main() {
	c := sqs.NewFromConfig(aws.Config{}, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.RateLimiter = nopLimiter{} })
	})
	c.SendMessage(context.Background(), &sqs.SendMessageInput{})
}
