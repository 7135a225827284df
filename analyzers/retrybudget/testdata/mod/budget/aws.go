package budget

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// The SDK's waits for 10 attempts, 1s doubling to MaxBackoff 20s, alone
// pass the 30s deadline of the operation's context.
func send(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	_, err := c.SendMessage(ctx, in, func(o *sqs.Options) { o.RetryMaxAttempts = 10 }) // want `retry waits 10 x \? \+ 1s \+ 2s \+ 4s \+ \.\.\. \+ 20s \+ 20s >= 1m51s but its context has a 30s deadline: the sixth attempt never starts`
	return err
}

// The twin: the default 3 attempts wait 1s + 2s.
func sendDefault(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	_, err := c.SendMessage(ctx, in)
	return err
}
