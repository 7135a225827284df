// Package awsnopserver serves HTTP with clients whose token bucket a
// limiter of another package turns off.
package awsnopserver

import (
	"net/http"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"example.com/retrybudgettest/awsnoplib"
)

type server struct{ q *sqs.Client }

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.q.SendMessage(r.Context(), &sqs.SendMessageInput{})
}

func newServer(cfg aws.Config) *server {
	return &server{q: awsnoplib.New(cfg)} // want `awsnoplib.New turns off the retry token bucket \(awsnoplib.NopRateLimiter, whose GetToken never refuses\) of a client in code that serves requests: in an outage every call is sent 10 times, 10x the load`
}

// The limiter of another package given here.
func newOwn(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.RateLimiter = &awsnoplib.NopRateLimiter{} // want `awsnoplib.NopRateLimiter turns off the retry token bucket \(its GetToken never refuses\) of a client in code that serves requests`
		})
	})
}

// The twin: another package's limiter that refuses.
func newQuota(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.RateLimiter = awsnoplib.Quota{} })
	})
}
