package awscfg

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// DynamoDB's own retryer makes 4 attempts; a standard retryer the client
// is given makes retry.DefaultMaxAttempts, 3.
func dynamoDefault(ctx context.Context, cfg aws.Config, in *dynamodb.GetItemInput) error {
	c := dynamodb.NewFromConfig(cfg)
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps dynamodb.GetItem \(4 attempts\), which retries again: up to 12 calls`
		if _, err := c.GetItem(ctx, in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

func dynamoStandard(ctx context.Context, cfg aws.Config, in *dynamodb.GetItemInput) error {
	c := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) { o.Retryer = retry.NewStandard() })
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps dynamodb.GetItem \(3 attempts\), which retries again: up to 9 calls`
		if _, err := c.GetItem(ctx, in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}
