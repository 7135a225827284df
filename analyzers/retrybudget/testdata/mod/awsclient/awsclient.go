// Package awsclient builds the service's SQS clients. It serves nothing:
// the bucket it turns off is reported where a server calls it.
package awsclient

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/ratelimit"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

func noBucket(o *retry.StandardOptions) {
	o.MaxAttempts = 4
	o.RateLimiter = ratelimit.None
}

// New turns the bucket off through a helper of the package.
func New(cfg aws.Config) *sqs.Client { // want New:"bucketoff\\(4\\)"
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(noBucket)
	})
}

// NewDefault keeps the default bucket.
func NewDefault(cfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.MaxAttempts = 4 })
	})
}
