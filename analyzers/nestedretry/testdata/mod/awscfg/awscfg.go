// Package awscfg builds its SQS clients from the shared configuration
// that config.LoadDefaultConfig returns: the retry settings given to it
// are the client's.
package awscfg

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

func send(ctx context.Context, c *sqs.Client) error {
	_, err := c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q"), MessageBody: aws.String("m")})
	return err
}

// The SDK's default, 3 attempts, under a loop of 3.
func defaults(ctx context.Context) error {
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return err
	}
	c := sqs.NewFromConfig(cfg)
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps sqs.SendMessage \(3 attempts\), which retries again: up to 9 calls`
		if _, err = c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")}); err == nil {
			return nil
		}
	}
	return err
}

// The option raises the SDK's count: the loop multiplies 5.
func moreAttempts(ctx context.Context) error {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(5))
	if err != nil {
		return err
	}
	c := sqs.NewFromConfig(cfg)
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps sqs.SendMessage \(5 attempts\), which retries again: up to 15 calls`
		if _, err = c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")}); err == nil {
			return nil
		}
	}
	return err
}

// One attempt in the SDK: the loop is the only layer.
func oneAttempt(ctx context.Context) error {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryMaxAttempts(1))
	if err != nil {
		return err
	}
	c := sqs.NewFromConfig(cfg)
	for i := 0; i < 3; i++ { // ok: one layer
		if err = send(ctx, c); err == nil {
			return nil
		}
	}
	return err
}

// No retryer in the SDK.
func nopRetryer(ctx context.Context) error {
	cfg, err := config.LoadDefaultConfig(ctx, config.WithRetryer(func() aws.Retryer { return aws.NopRetryer{} }))
	if err != nil {
		return err
	}
	c := sqs.NewFromConfig(cfg)
	for i := 0; i < 3; i++ { // ok: one layer
		if _, err = c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q")}); err == nil {
			return nil
		}
	}
	return err
}
