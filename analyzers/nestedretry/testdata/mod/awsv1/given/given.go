// Package given retries the calls of an aws-sdk-go v1 client it is
// handed and never configures one: the client's retryer is its
// builder's (aws.Config.MaxRetries, a Retryer), so each call is a layer
// of unknown count, never the SDK's default, as for an aws-sdk-go-v2
// client handed in.
package given

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go/aws"
	"github.com/aws/aws-sdk-go/service/ecs"
	"github.com/aws/aws-sdk-go/service/ecs/ecsiface"
)

func given(svc *ecs.ECS, cluster string) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps ecs.DescribeServices \(N attempts\), which retries again: up to 3xN calls`
		if _, err = svc.DescribeServices(&ecs.DescribeServicesInput{Cluster: aws.String(cluster)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func givenCtx(ctx context.Context, svc *ecs.ECS, cluster string) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps ecs.DescribeServicesWithContext \(N attempts\), which retries again: up to 3xN calls`
		if _, err = svc.DescribeServicesWithContext(ctx, &ecs.DescribeServicesInput{Cluster: aws.String(cluster)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The interface ecsiface.ECSAPI is the SDK's seam for fakes in tests;
// the only type in sight that implements it is the client, *ecs.ECS, and
// a decorator would hold one too: its calls are the client's, of unknown
// count.
func givenAPI(svc ecsiface.ECSAPI, cluster string) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) wraps ecs.DescribeServices \(N attempts\), which retries again: up to 3xN calls per call of givenAPI`
		if _, err = svc.DescribeServices(&ecs.DescribeServicesInput{Cluster: aws.String(cluster)}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
