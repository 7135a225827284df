// Package llm retries openai-go calls, which the SDK already retries:
// MaxRetries+1 attempts per call (3 by default; option.WithMaxRetries
// sets them on the client or the call, 0 turns them off).
package llm

import (
	"context"
	"errors"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

func params(prompt string) openai.ChatCompletionNewParams {
	return openai.ChatCompletionNewParams{
		Model:    openai.ChatModelGPT4o,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage(prompt)},
	}
}

// The default client: 3 attempts of 3.
func complete(ctx context.Context, prompt string) error {
	c := openai.NewClient()
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps openai.ChatCompletionService.New \(3 attempts\), which retries again: up to 9 calls`
		if _, err = c.Chat.Completions.New(ctx, params(prompt)); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Five retries on the client: 6 attempts.
func completeFive(ctx context.Context, prompt string) error {
	c := openai.NewClient(option.WithMaxRetries(5))
	var err error
	for i := 0; i < 3; i++ { // want `wraps openai.ChatCompletionService.New \(6 attempts\), which retries again: up to 18 calls`
		if _, err = c.Chat.Completions.New(ctx, params(prompt)); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The SDK's retries turned off on the client, or on the call: one layer.
func completeOff(ctx context.Context, prompt string) error {
	c := openai.NewClient(option.WithMaxRetries(0))
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.Chat.Completions.New(ctx, params(prompt)); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func completeCallOff(ctx context.Context, prompt string) error {
	c := openai.NewClient()
	var err error
	for i := 0; i < 3; i++ {
		if _, err = c.Chat.Completions.New(ctx, params(prompt), option.WithMaxRetries(0)); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Provider is what the agent talks to; a decorator retries through it.
type Provider interface {
	Complete(ctx context.Context, prompt string) (string, error)
}

type openaiProvider struct{ client openai.Client }

func (p *openaiProvider) Complete(ctx context.Context, prompt string) (string, error) {
	resp, err := p.client.Chat.Completions.New(ctx, params(prompt))
	if err != nil {
		return "", err
	}
	if len(resp.Choices) == 0 {
		return "", errors.New("empty response")
	}
	return resp.Choices[0].Message.Content, nil
}

// quietProvider's client makes one attempt.
type quietProvider struct{ client openai.Client }

func (p *quietProvider) Complete(ctx context.Context, prompt string) (string, error) {
	resp, err := p.client.Chat.Completions.New(ctx, params(prompt))
	if err != nil {
		return "", err
	}
	return resp.ID, nil
}

type resilient struct{ inner Provider }

// NewProvider wraps the SDK's client, which keeps its default retries.
func NewProvider(key string) Provider {
	return &resilient{inner: &openaiProvider{client: openai.NewClient(option.WithAPIKey(key))}}
}

func (r *resilient) Complete(ctx context.Context, prompt string) (string, error) {
	var err error
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop \(4 attempts\) calls openaiProvider.Complete, which retries again: up to 12 calls per call of resilient.Complete \(4x3 via openaiProvider.Complete -> openai.ChatCompletionService.New\)`
		var out string
		if out, err = r.inner.Complete(ctx, prompt); err == nil {
			return out, nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return "", err
}

type single struct{ inner Provider }

// NewSingle wraps a client whose retries are off: the decorator is the
// one layer.
func NewSingle(key string) Provider {
	return &single{inner: &quietProvider{client: openai.NewClient(option.WithAPIKey(key), option.WithMaxRetries(0))}}
}

func (r *single) Complete(ctx context.Context, prompt string) (string, error) {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		var out string
		if out, err = r.inner.Complete(ctx, prompt); err == nil {
			return out, nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return "", err
}
