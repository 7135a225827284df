// Package awsv1 retries aws-sdk-go v1 calls by hand: each service client
// retries its operations itself, 4 attempts by default (DynamoDB 11),
// unless the aws.Config of its session or its constructor says how many.
package awsv1

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/aws/client"
	"github.com/aws/aws-sdk-go/aws/request"
	"github.com/aws/aws-sdk-go/aws/session"
	"github.com/aws/aws-sdk-go/service/dynamodb"
	"github.com/aws/aws-sdk-go/service/ecs"
	"github.com/aws/aws-sdk-go/service/s3"
)

// The SDK's default, 4 attempts, under a loop of 3.
func describe(cluster string) error {
	svc := ecs.New(session.Must(session.NewSession()))
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps ecs.DescribeServices \(4 attempts\), which retries again: up to 12 calls`
		if _, err = svc.DescribeServices(&ecs.DescribeServicesInput{Cluster: aws.String(cluster)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The WithContext and Pages forms send too.
func head(ctx context.Context, bucket, key string) error {
	svc := s3.New(session.Must(session.NewSession()))
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps s3.HeadObjectWithContext \(4 attempts\), which retries again: up to 12 calls`
		if _, err = svc.HeadObjectWithContext(ctx, &s3.HeadObjectInput{Bucket: aws.String(bucket), Key: aws.String(key)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func list(cluster string) error {
	svc := ecs.New(session.Must(session.NewSession()))
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps ecs.ListServicesPages \(4 attempts\), which retries again: up to 12 calls`
		err = svc.ListServicesPages(&ecs.ListServicesInput{Cluster: aws.String(cluster)}, func(*ecs.ListServicesOutput, bool) bool { return true })
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// MaxRetries raises the count: the session's config, or the client's.
func moreRetries(cluster string) error {
	sess := session.Must(session.NewSession(&aws.Config{MaxRetries: aws.Int(5)}))
	svc := ecs.New(sess)
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps ecs.DescribeServices \(6 attempts\), which retries again: up to 18 calls`
		if _, err = svc.DescribeServices(&ecs.DescribeServicesInput{Cluster: aws.String(cluster)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// MaxRetries 0: one attempt in the SDK, the loop is the only layer.
func noRetries(cluster string) error {
	svc := ecs.New(session.Must(session.NewSession(&aws.Config{MaxRetries: aws.Int(0)})))
	var err error
	for i := 0; i < 3; i++ { // ok: one layer
		if _, err = svc.DescribeServices(&ecs.DescribeServicesInput{Cluster: aws.String(cluster)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func noRetriesClient(sess *session.Session, cluster string) error {
	svc := ecs.New(sess, aws.NewConfig().WithMaxRetries(0))
	var err error
	for i := 0; i < 3; i++ { // ok: one layer
		if _, err = svc.DescribeServices(&ecs.DescribeServicesInput{Cluster: aws.String(cluster)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func noOpRetryer(bucket string) error {
	svc := s3.New(session.Must(session.NewSession()), request.WithRetryer(aws.NewConfig(), client.NoOpRetryer{}))
	var err error
	for i := 0; i < 3; i++ { // ok: one layer
		if _, err = svc.HeadBucket(&s3.HeadBucketInput{Bucket: aws.String(bucket)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func noRetriesOptions(bucket string) error {
	opts := session.Options{Config: aws.Config{MaxRetries: aws.Int(0)}, SharedConfigState: session.SharedConfigEnable}
	svc := s3.New(session.Must(session.NewSessionWithOptions(opts)))
	var err error
	for i := 0; i < 3; i++ { // ok: one layer
		if _, err = svc.HeadBucket(&s3.HeadBucketInput{Bucket: aws.String(bucket)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A DefaultRetryer that sets no NumMaxRetries never retries.
func zeroRetryer(bucket string) error {
	svc := s3.New(session.Must(session.NewSession(&aws.Config{Retryer: client.DefaultRetryer{MinRetryDelay: time.Second}})))
	var err error
	for i := 0; i < 3; i++ { // ok: one layer
		if _, err = svc.HeadBucket(&s3.HeadBucketInput{Bucket: aws.String(bucket)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func retryer(bucket string) error {
	svc := s3.New(session.Must(session.NewSession(&aws.Config{Retryer: client.DefaultRetryer{NumMaxRetries: 1}})))
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps s3.HeadBucket \(2 attempts\), which retries again: up to 6 calls`
		if _, err = svc.HeadBucket(&s3.HeadBucketInput{Bucket: aws.String(bucket)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// OpRequest builds a request and sends nothing: no layer.
func build(cluster string) (*request.Request, error) {
	svc := ecs.New(session.Must(session.NewSession()))
	for i := 0; i < 3; i++ { // ok: nothing is sent
		req, _ := svc.DescribeServicesRequest(&ecs.DescribeServicesInput{Cluster: aws.String(cluster)})
		if req.Error == nil {
			return req, nil
		}
		time.Sleep(time.Second)
	}
	return nil, nil
}

// DynamoDB's own retryer makes 10 retries; MaxRetries replaces them.
func getItem(in *dynamodb.GetItemInput) error {
	svc := dynamodb.New(session.Must(session.NewSession()))
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps dynamodb.GetItem \(11 attempts\), which retries again: up to 33 calls`
		if _, err = svc.GetItem(in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func getItemTwice(in *dynamodb.GetItemInput) error {
	svc := dynamodb.New(session.Must(session.NewSession()), &aws.Config{MaxRetries: aws.Int(1)})
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps dynamodb.GetItem \(2 attempts\), which retries again: up to 6 calls`
		if _, err = svc.GetItem(in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A client handed in counts the SDK's default unless the package turns
// the SDK's retries off somewhere (awsv1/given), as with aws-sdk-go-v2.
func givenHere(svc *ecs.ECS, cluster string) error {
	var err error
	for i := 0; i < 3; i++ { // ok: this package sets MaxRetries 0 elsewhere
		if _, err = svc.DescribeServices(&ecs.DescribeServicesInput{Cluster: aws.String(cluster)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
