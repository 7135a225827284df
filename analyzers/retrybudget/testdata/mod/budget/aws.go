package budget

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// The SDK's waits for 10 attempts, 1s doubling to MaxBackoff 20s, alone
// pass the 30s deadline of the operation's context: drawn with full
// jitter, they average half of their 1m51s, which still passes it.
func send(ctx context.Context, in *sqs.SendMessageInput) error {
	c := sqs.New(sqs.Options{Region: "eu-west-1"})
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	_, err := c.SendMessage(ctx, in, func(o *sqs.Options) { o.RetryMaxAttempts = 10 }) // want `retry waits 10 x \? \+ 1s \+ 2s \+ 4s \+ \.\.\. \+ 20s \+ 20s >= 1m51s but its context has a 30s deadline: with full jitter the waits average half of that, and the eighth attempt never starts in a typical run`
	return err
}

// The twin: a client handed in waits as its builder's retryer does (its
// backoff, its MaxBackoff); the call sets the count only, so the waits
// are unknown and nothing is claimed.
func sendGiven(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	_, err := c.SendMessage(ctx, in, func(o *sqs.Options) { o.RetryMaxAttempts = 10 })
	return err
}

// The twin: the default 3 attempts wait 1s + 2s.
func sendDefault(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	_, err := c.SendMessage(ctx, in)
	return err
}

// The twin: 5 attempts wait at most 1s + 2s + 4s + 8s = 15s, past the 10s
// deadline, but full jitter draws each below its ceiling and averages
// 7.5s: no run has to overrun.
func sendFive(ctx context.Context, c *sqs.Client, in *sqs.SendMessageInput) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err := c.SendMessage(ctx, in, func(o *sqs.Options) { o.RetryMaxAttempts = 5 })
	return err
}
