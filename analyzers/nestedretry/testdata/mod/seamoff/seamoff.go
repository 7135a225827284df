// Package seamoff builds its SQS clients with the SDK's retries off and
// keeps them behind its interface: one layer.
package seamoff

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

type sqsAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

type Publisher struct {
	client sqsAPI
}

func New(cfg aws.Config) *Publisher {
	return &Publisher{client: sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.Retryer = aws.NopRetryer{} })}
}

func (p *Publisher) Publish(ctx context.Context, body string) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = p.client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q"), MessageBody: aws.String(body)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func PublishOnce(ctx context.Context, cfg aws.Config, body string) error {
	var c sqsAPI = sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.RetryMaxAttempts = 1 })
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q"), MessageBody: aws.String(body)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
