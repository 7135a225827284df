// Package ownerr retries a part only on an error of its own type, which
// the part's helper makes after the SDK's call worked: the SDK's retries
// end in the SDK's error, which leaves the loop, so the layers never
// retry the same failure (aws-sdk-go-v2's s3/manager downloader).
package ownerr

import (
	"context"
	"io"

	"github.com/avast/retry-go/v4"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

type errPartial struct{ err error }

func (e *errPartial) Error() string { return "partial: " + e.err.Error() }
func (e *errPartial) Unwrap() error { return e.err }

type sender struct {
	c *sqs.Client
	w io.Writer
}

// trySend fails with the SDK's error, after the SDK's own attempts, or
// with errPartial when writing the answer fails.
func (s *sender) trySend(ctx context.Context, body string) error {
	out, err := s.c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q"), MessageBody: aws.String(body)})
	if err != nil {
		return err
	}
	if _, err := io.WriteString(s.w, aws.ToString(out.MessageId)); err != nil {
		return &errPartial{err}
	}
	return nil
}

// The loop goes round on errPartial alone: the SDK's failure returns.
func (s *sender) send(ctx context.Context, body string) error {
	var err error
	for i := 0; i < 3; i++ { // ok: the layers retry different failures
		err = s.trySend(ctx, body)
		if err == nil {
			return nil
		}
		if _, ok := err.(*errPartial); !ok {
			return err
		}
	}
	return err
}

// The same told apart by a type switch.
func (s *sender) sendSwitch(ctx context.Context, body string) error {
	var err error
	for i := 0; i < 3; i++ { // ok: the layers retry different failures
		err = s.trySend(ctx, body)
		switch err.(type) {
		case nil:
			return nil
		case *errPartial:
			continue
		}
		return err
	}
	return err
}

// trySendWrapped makes the SDK's failure an errPartial too.
func (s *sender) trySendWrapped(ctx context.Context, body string) error {
	if _, err := s.c.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String("q"), MessageBody: aws.String(body)}); err != nil {
		return &errPartial{err}
	}
	return nil
}

// The SDK's failure now goes round: 3 attempts of 3.
func (s *sender) sendWrapped(ctx context.Context, body string) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls sender.trySendWrapped, which retries again: up to 9 calls`
		err = s.trySendWrapped(ctx, body)
		if err == nil {
			return nil
		}
		if _, ok := err.(*errPartial); !ok {
			return err
		}
	}
	return err
}

// retry.Do hands back the error its operation made, of our type: the
// inner layer's failure is an errPartial and goes round.
func tryOp(ctx context.Context, op func() error) error {
	return retry.Do(func() error {
		if err := op(); err != nil {
			return &errPartial{err}
		}
		return nil
	}, retry.Context(ctx), retry.Attempts(3), retry.LastErrorOnly(true))
}

func runOp(ctx context.Context, op func() error) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps tryOp \(3 attempts\), which retries again: up to 9 calls`
		err = tryOp(ctx, op)
		if _, ok := err.(*errPartial); err == nil || !ok {
			return err
		}
	}
	return err
}
