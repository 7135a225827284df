// Package awsload serves HTTP and calls AWS with retryers whose token
// bucket is switched off, beside twins that keep it.
package awsload

import (
	"context"
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/ratelimit"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

type server struct{ q *sqs.Client }

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.q.SendMessage(r.Context(), &sqs.SendMessageInput{})
}

// The bucket is off: every failing call is sent 5 times.
func newClient(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.MaxAttempts = 5
			so.RateLimiter = ratelimit.None // want `ratelimit.None turns off the retry token bucket of a client in code that serves requests: in an outage every call is sent 5 times, 5x the load, on a service that is already failing; keep the default bucket \(500 tokens, 14 per retry: retries stop after about 35 have failed\), or a larger ratelimit.NewTokenRateLimit`
		})
	})
}

// The same in a literal, with the default attempts.
func literal() retry.StandardOptions {
	return retry.StandardOptions{RateLimiter: ratelimit.None} // want `ratelimit.None turns off the retry token bucket of a client in code that serves requests: in an outage every call is sent MaxAttempts times \(3 by default\)`
}

// The twin: the default token bucket.
func newDefault(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.MaxAttempts = 5 })
	})
}

// The twin: a larger bucket is still a budget.
func newLarger(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.RateLimiter = ratelimit.NewTokenRateLimit(2000) })
	})
}

var _ = context.Background
