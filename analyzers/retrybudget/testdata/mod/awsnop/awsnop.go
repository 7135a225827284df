// Package awsnop serves HTTP and calls AWS with retryers given a rate
// limiter of its own that never refuses a retry token, the way the
// bucket was turned off before ratelimit.None, beside limiters that keep
// a budget.
package awsnop

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/ratelimit"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

type server struct{ q *sqs.Client }

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.q.SendMessage(r.Context(), &sqs.SendMessageInput{})
}

// nopLimiter grants every token.
type nopLimiter struct{}

func (nopLimiter) GetToken(context.Context, uint) (func() error, error) {
	return func() error { return nil }, nil
}

func (nopLimiter) AddTokens(uint) error { return nil }

// The bucket is off: every failing call is sent 10 times.
func newNop(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.RateLimiter = nopLimiter{} // want `nopLimiter turns off the retry token bucket \(its GetToken never refuses\) of a client in code that serves requests: in an outage every call is sent 10 times, 10x the load, on a service that is already failing; keep the default bucket \(500 tokens, 14 per retry: retries stop after about 35 have failed\), or a larger ratelimit.NewTokenRateLimit`
			so.MaxAttempts = 10
		})
	})
}

// countingLimiter counts the tokens it hands out, with pointer methods
// and named results, and refuses none.
type countingLimiter struct{ n atomic.Int64 }

func (l *countingLimiter) GetToken(ctx context.Context, cost uint) (release func() error, err error) {
	l.n.Add(int64(cost))
	return func() error { return nil }, nil
}

func (l *countingLimiter) AddTokens(uint) error { return nil }

// The same in a literal.
func literal() retry.StandardOptions {
	return retry.StandardOptions{RateLimiter: &countingLimiter{}} // want `countingLimiter turns off the retry token bucket \(its GetToken never refuses\) of a client in code that serves requests: in an outage every call is sent MaxAttempts times \(3 by default\)`
}

// The twin: a bucket of its own that refuses a token once it is empty.
var errQuota = errors.New("retry quota exceeded")

type smallBucket struct{ left atomic.Int64 }

func (b *smallBucket) GetToken(ctx context.Context, cost uint) (func() error, error) {
	if b.left.Add(-int64(cost)) < 0 {
		b.left.Add(int64(cost))
		return nil, errQuota
	}
	return func() error { return nil }, nil
}

func (b *smallBucket) AddTokens(n uint) error {
	b.left.Add(int64(n))
	return nil
}

func newSmall(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.RateLimiter = &smallBucket{} })
	})
}

// The twin: a wrapper around the SDK's bucket, whose answer it hands on.
type loggedLimiter struct{ inner *ratelimit.TokenRateLimit }

func (l loggedLimiter) GetToken(ctx context.Context, cost uint) (func() error, error) {
	release, err := l.inner.GetToken(ctx, cost)
	if err != nil {
		return nil, err
	}
	return release, nil
}

func (l loggedLimiter) AddTokens(n uint) error { return l.inner.AddTokens(n) }

func newLogged(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.RateLimiter = loggedLimiter{inner: ratelimit.NewTokenRateLimit(500)}
		})
	})
}

// The twin: a limiter held in a value of the interface type is not read.
var limiter retry.RateLimiter = nopLimiter{}

func newHeld(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.RateLimiter = limiter })
	})
}
