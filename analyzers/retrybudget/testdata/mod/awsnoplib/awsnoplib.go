// Package awsnoplib builds SQS clients and offers limiters; it serves
// nothing: the bucket its Config turns off, and its NopRateLimiter used
// in a server's retryer, are reported in the server.
package awsnoplib

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// NopRateLimiter hands out retry tokens without limit.
type NopRateLimiter struct{}

func (*NopRateLimiter) GetToken(context.Context, uint) (func() error, error) {
	return func() error { return nil }, nil
}

func (*NopRateLimiter) AddTokens(uint) error { return nil }

// New turns the bucket off with the package's limiter.
func New(cfg aws.Config) *sqs.Client { // want New:"bucketoff\\(10, awsnoplib.NopRateLimiter\\)"
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.MaxAttempts = 10
			so.RateLimiter = &NopRateLimiter{}
		})
	})
}

// Quota is the twin: a limiter that refuses every retry.
type Quota struct{}

var ErrQuota = errors.New("no retries")

func (Quota) GetToken(context.Context, uint) (func() error, error) { return nil, ErrQuota }

func (Quota) AddTokens(uint) error { return nil }
