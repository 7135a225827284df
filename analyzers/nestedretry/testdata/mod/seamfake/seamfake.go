// Package seamfake has a type of its own that implements its SQS
// interface (a buffer in front of the queue): what a value of the
// interface holds may be it, so a call through it is not the SDK's.
package seamfake

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

type queueAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	Flush()
}

type buffered struct{ pending []*sqs.SendMessageInput }

func (b *buffered) SendMessage(_ context.Context, in *sqs.SendMessageInput, _ ...func(*sqs.Options)) (*sqs.SendMessageOutput, error) {
	b.pending = append(b.pending, in)
	return &sqs.SendMessageOutput{}, nil
}

func (b *buffered) Flush() { b.pending = nil }

func PublishQueue(ctx context.Context, q queueAPI, body string) error {
	var err error
	for i := 0; i < 3; i++ {
		if _, err = q.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q"), MessageBody: aws.String(body)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
