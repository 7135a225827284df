// Package awsb calls SQS through clients whose retry token bucket is on
// by default, switched off, resized, replaced, or not seen.
package awsb

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/ratelimit"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// Off turns the bucket off: every failing call is sent 3 times.
func Off(ctx context.Context, cfg aws.Config) {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.RateLimiter = ratelimit.None })
	})
	c.SendMessage(ctx, &sqs.SendMessageInput{}) // budget: off
}

// Default is its twin: a standard retryer keeps the default bucket.
func Default(ctx context.Context, cfg aws.Config) {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.MaxAttempts = 5 })
	})
	c.SendMessage(ctx, &sqs.SendMessageInput{}) // budget: budget 0.0714
}

// Loaded builds the client from the default config, whose retryer has
// the bucket.
func Loaded(ctx context.Context) error {
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return err
	}
	c := sqs.NewFromConfig(cfg)
	_, err = c.SendMessage(ctx, &sqs.SendMessageInput{}) // budget: budget 0.0714
	return err
}

// LoadedOff is Loaded's twin: the default config's retryer has the
// bucket off.
func LoadedOff(ctx context.Context) error {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer {
		return retry.NewStandard(func(so *retry.StandardOptions) { so.RateLimiter = ratelimit.None })
	}))
	if err != nil {
		return err
	}
	c := sqs.NewFromConfig(cfg)
	_, err = c.SendMessage(ctx, &sqs.SendMessageInput{}) // budget: off
	return err
}

// Larger resizes the bucket: a retry still costs 14 tokens.
func Larger(ctx context.Context) {
	c := sqs.New(sqs.Options{Retryer: retry.NewStandard(func(so *retry.StandardOptions) {
		so.RateLimiter = ratelimit.NewTokenRateLimit(2000)
	})})
	c.SendMessage(ctx, &sqs.SendMessageInput{}) // budget: budget 0.0714
}

// Param gets its client from the caller: how it was built is not seen.
func Param(ctx context.Context, c *sqs.Client) {
	c.SendMessage(ctx, &sqs.SendMessageInput{}) // budget: unknown
}

type ownRetryer struct{ aws.Retryer }

// Own sets a retryer of its own, whose budget is not read.
func Own(ctx context.Context, cfg aws.Config) {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.Retryer = ownRetryer{retry.NewStandard()} })
	c.SendMessage(ctx, &sqs.SendMessageInput{}) // budget: unknown
}

// nopLimiter grants every retry token: the bucket is off, as with
// ratelimit.None.
type nopLimiter struct{}

func (nopLimiter) GetToken(context.Context, uint) (func() error, error) {
	return func() error { return nil }, nil
}

func (nopLimiter) AddTokens(uint) error { return nil }

// NopOff turns the bucket off with the package's own limiter.
func NopOff(ctx context.Context, cfg aws.Config) {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.RateLimiter = nopLimiter{} })
	})
	c.SendMessage(ctx, &sqs.SendMessageInput{}) // budget: off
}

// wrapped hands on the answer of the SDK's bucket.
type wrapped struct{ retry.RateLimiter }

// Wrapped is NopOff's twin: a limiter whose GetToken can refuse is not
// read.
func Wrapped(ctx context.Context, cfg aws.Config) {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.RateLimiter = wrapped{ratelimit.NewTokenRateLimit(500)}
		})
	})
	c.SendMessage(ctx, &sqs.SendMessageInput{}) // budget: unknown
}
