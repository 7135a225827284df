// Package seam keeps its SQS client behind an interface of its own, the
// seam its tests fill with a fake: the calls through it are the SDK's
// operations, which retry inside.
package seam

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

// New takes a client built out of sight: its attempts are unknown.
func New(c *sqs.Client) *Publisher { return &Publisher{client: c} }

func (p *Publisher) Publish(ctx context.Context, body string) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps sqs.SendMessage \(N attempts\), which retries again: up to 3xN calls`
		if _, err = p.client.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q"), MessageBody: aws.String(body)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A client built here with the defaults, held in the interface.
func PublishDefault(ctx context.Context, cfg aws.Config, body string) error {
	var c sqsAPI = sqs.NewFromConfig(cfg)
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps sqs.SendMessage \(3 attempts\), which retries again: up to 9 calls`
		if _, err = c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q"), MessageBody: aws.String(body)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A seam of the package's own store takes no SDK input: not an SDK
// operation.
type store interface {
	Put(ctx context.Context, key, value string) error
}

func PutStore(ctx context.Context, s store) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = s.Put(ctx, "k", "v"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
