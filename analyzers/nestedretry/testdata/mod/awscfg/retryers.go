package awscfg

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// The count of a standard retryer is its MaxAttempts, set in the
// option function retry.NewStandard is given (a literal or a function
// of the package), where the client's options or config.WithRetryer
// build it.

func oneTry(o *retry.StandardOptions) { o.MaxAttempts = 1 }

func fiveTries(o *retry.StandardOptions) { o.MaxAttempts = 5 }

func oneTryRetryer() aws.Retryer { return retry.NewStandard(oneTry) }

// One attempt in the option literal: no layer.
func standardOnce(ctx context.Context, cfg aws.Config) error {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.MaxAttempts = 1 })
	})
	for i := 0; i < 3; i++ { // ok: one layer
		if _, err := c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")}); err == nil {
			return nil
		}
	}
	return nil
}

// Five in the option literal: the SDK's layer is 5, not its default 3.
func standardFive(ctx context.Context, cfg aws.Config) error {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.MaxAttempts = 5 })
	})
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps sqs.SendMessage \(5 attempts\), which retries again: up to 15 calls`
		if _, err := c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")}); err == nil {
			return nil
		}
	}
	return nil
}

// The same through functions of the package.
func namedOnce(ctx context.Context, cfg aws.Config) error {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.Retryer = retry.NewStandard(oneTry) })
	for i := 0; i < 3; i++ { // ok: one layer
		if _, err := c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")}); err == nil {
			return nil
		}
	}
	return nil
}

func namedFive(ctx context.Context, cfg aws.Config) error {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.Retryer = retry.NewStandard(fiveTries) })
	for i := 0; i < 3; i++ { // want `wraps sqs.SendMessage \(5 attempts\)`
		if _, err := c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")}); err == nil {
			return nil
		}
	}
	return nil
}

// MaxAttempts 0 is the default, 3.
func standardZero(ctx context.Context, cfg aws.Config) error {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.MaxAttempts = 0 })
	})
	for i := 0; i < 3; i++ { // want `wraps sqs.SendMessage \(3 attempts\)`
		if _, err := c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")}); err == nil {
			return nil
		}
	}
	return nil
}

// The retryer config.WithRetryer's function builds, a function of the
// package: one attempt.
func factoryOnce(ctx context.Context) error {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryer(oneTryRetryer))
	if err != nil {
		return err
	}
	c := sqs.NewFromConfig(cfg)
	for i := 0; i < 3; i++ { // ok: one layer
		if _, err := c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")}); err == nil {
			return nil
		}
	}
	return nil
}

// AddWithMaxAttempts around a retryer of five: two.
func wrappedTwo(ctx context.Context, cfg aws.Config) error {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.AddWithMaxAttempts(retry.NewStandard(fiveTries), 2)
	})
	for i := 0; i < 3; i++ { // want `wraps sqs.SendMessage \(2 attempts\)`
		if _, err := c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")}); err == nil {
			return nil
		}
	}
	return nil
}

// AddWithMaxAttempts(r, 0) has no attempt limit; the context ends it
// after a number of attempts the code does not show: N.
func wrappedNoLimit(ctx context.Context, cfg aws.Config) error {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.AddWithMaxAttempts(retry.NewStandard(), 0)
	})
	for i := 0; i < 3; i++ { // want `wraps sqs.SendMessage \(N attempts\), which retries again: up to 3xN calls`
		if _, err := c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")}); err == nil {
			return nil
		}
	}
	return nil
}

// A count from a parameter is not known.
func standardN(ctx context.Context, cfg aws.Config, n int) error {
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.MaxAttempts = n })
	})
	for i := 0; i < 3; i++ { // want `wraps sqs.SendMessage \(N attempts\)`
		if _, err := c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")}); err == nil {
			return nil
		}
	}
	return nil
}

// The one-attempt option function configures another client, not this
// one: the default 3 stands.
func otherClient(ctx context.Context, cfg aws.Config) error {
	_ = sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.Retryer = retry.NewStandard(oneTry) })
	c := sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.Retryer = retry.NewStandard() })
	for i := 0; i < 3; i++ { // want `wraps sqs.SendMessage \(3 attempts\)`
		if _, err := c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")}); err == nil {
			return nil
		}
	}
	return nil
}
