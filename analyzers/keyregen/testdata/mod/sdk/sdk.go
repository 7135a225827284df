// Package sdk checks the SDK token table (internal/catalog/tokens.go)
// against the real modules: aws-sdk-go-v2 scheduler's ClientToken and
// Google Cloud's RequestId on request messages, and their look-alikes in
// user code.
package sdk

import (
	"context"

	clusterpb "cloud.google.com/go/redis/cluster/apiv1/clusterpb"
	"github.com/avast/retry-go/v4"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/scheduler"
	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
)

// ClientToken of an AWS input, set inside the retry.
func awsToken(ctx context.Context, c *scheduler.Client) error {
	return retry.Do(func() error {
		_, err := c.CreateSchedule(ctx, &scheduler.CreateScheduleInput{
			Name:        aws.String("nightly"),
			ClientToken: aws.String(uuid.NewString()), // want `idempotency key from uuid\.NewString is generated inside the retry \(retry\.Do at`
		})
		return err
	})
}

// The same through a helper that fills the input.
func scheduleInput(name, token string) *scheduler.CreateScheduleInput { // want scheduleInput:`sendsKey\(arg 1 -> field ClientToken\)`
	in := &scheduler.CreateScheduleInput{Name: aws.String(name)}
	in.ClientToken = aws.String(token)
	return in
}

func awsTokenHelper(ctx context.Context, c *scheduler.Client) error {
	return retry.Do(func() error {
		_, err := c.CreateSchedule(ctx, scheduleInput("nightly", uuid.NewString())) // want `idempotency key from uuid\.NewString is generated`
		return err
	})
}

// RequestId of a Google Cloud request message: a key by the API's
// contract ("Idempotent request UUID").
func gcpRequestID(ctx context.Context, create func(context.Context, *clusterpb.CreateClusterRequest) error) error {
	return backoff.Retry(func() error {
		return create(ctx, &clusterpb.CreateClusterRequest{
			Parent:    "projects/p/locations/l",
			ClusterId: "c1",
			RequestId: uuid.NewString(), // want `idempotency key from uuid\.NewString is generated inside the retry \(backoff\.Retry at`
		})
	}, backoff.NewExponentialBackOff())
}

func gcpAssigned(ctx context.Context, create func(context.Context, *clusterpb.DeleteClusterRequest) error) error {
	return backoff.Retry(func() error {
		req := &clusterpb.DeleteClusterRequest{Name: "projects/p/locations/l/clusters/c1"}
		req.RequestId = uuid.New().String() // want `idempotency key from uuid\.New is generated`
		return create(ctx, req)
	}, backoff.NewExponentialBackOff())
}

// --- Negative twins -------------------------------------------------

// The SDK fills ClientToken itself, once per operation call.
func awsAutoFill(ctx context.Context, c *scheduler.Client) error {
	return retry.Do(func() error {
		_, err := c.CreateSchedule(ctx, &scheduler.CreateScheduleInput{Name: aws.String("nightly")})
		return err
	})
}

// The token is made once, before the retry.
func awsTokenOutside(ctx context.Context, c *scheduler.Client) error { // want awsTokenOutside:`generatesKey\(uuid\.NewString -> field ClientToken\)`
	token := uuid.NewString()
	return retry.Do(func() error {
		_, err := c.CreateSchedule(ctx, &scheduler.CreateScheduleInput{Name: aws.String("nightly"), ClientToken: &token})
		return err
	})
}

// The user's own types: ClientToken is an auth token here (as in
// Vault's SecretAuth), and RequestId a correlation ID.
type Session struct {
	ClientToken string
	Lease       int
}

func login(s Session) error { return nil }

type CreateOrderRequest struct {
	RequestId string
	Item      string
}

func createOrder(ctx context.Context, r *CreateOrderRequest) error { return nil }

func userLookAlikes(ctx context.Context) error {
	return retry.Do(func() error {
		if err := login(Session{ClientToken: uuid.NewString()}); err != nil {
			return err
		}
		return createOrder(ctx, &CreateOrderRequest{RequestId: uuid.NewString(), Item: "x"})
	})
}
