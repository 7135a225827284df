package sdk

import (
	"context"
	"fmt"
	"time"

	"example.com/keyregentest/orders"
	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
	"go.temporal.io/api/workflowservice/v1"
	"google.golang.org/grpc/metadata"
)

// Temporal's API has no row in the token table: its RequestId is a key
// by the rule for any SDK's request struct (sdkinput.go). The server
// starts one workflow per RequestId, so a fresh one per attempt starts a
// second workflow when the first attempt's answer was lost.
func temporalStart(ctx context.Context, c workflowservice.WorkflowServiceClient) error {
	return backoff.Retry(func() error {
		_, err := c.StartWorkflowExecution(ctx, &workflowservice.StartWorkflowExecutionRequest{
			Namespace:  "default",
			WorkflowId: "order-42",
			RequestId:  uuid.NewString(), // want `idempotency key from uuid\.NewString is generated inside the retry \(backoff\.Retry at`
		})
		return err
	}, backoff.NewExponentialBackOff())
}

// Set on a request built before the call, from the clock.
func temporalSignal(ctx context.Context, c workflowservice.WorkflowServiceClient) error {
	for attempt := 0; attempt < 3; attempt++ {
		req := &workflowservice.SignalWorkflowExecutionRequest{Namespace: "default", SignalName: "paid"}
		req.RequestId = fmt.Sprintf("sig-%d", time.Now().UnixNano()) // want `idempotency key from time\.Now is generated inside the retry \(retry loop at`
		if _, err := c.SignalWorkflowExecution(ctx, req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return fmt.Errorf("signal: gave up")
}

// --- Negative twins -------------------------------------------------

// The request ID is made once, before the retry: every attempt carries
// the same one.
func temporalStartOnce(ctx context.Context, c workflowservice.WorkflowServiceClient) error { // want temporalStartOnce:`generatesKey\(uuid\.NewString -> field RequestId\)`
	id := uuid.NewString()
	return backoff.Retry(func() error {
		_, err := c.StartWorkflowExecution(ctx, &workflowservice.StartWorkflowExecutionRequest{
			Namespace: "default", WorkflowId: "order-42", RequestId: id,
		})
		return err
	}, backoff.NewExponentialBackOff())
}

// Fields of the same request that are not its token (Identity names the
// caller), and a correlation ID in the call's metadata, are meant to
// change per attempt or do no harm when they do.
func temporalCorrelation(ctx context.Context, c workflowservice.WorkflowServiceClient, id string) error { // want temporalCorrelation:`sendsKey\(arg 2 -> field RequestId\)`
	return backoff.Retry(func() error {
		actx := metadata.AppendToOutgoingContext(ctx, "x-correlation-id", uuid.NewString())
		_, err := c.StartWorkflowExecution(actx, &workflowservice.StartWorkflowExecutionRequest{
			Namespace: "default", WorkflowId: "order-42", RequestId: id,
			Identity: "worker-" + uuid.NewString(),
		})
		return err
	}, backoff.NewExponentialBackOff())
}

// The response's RequestId-like fields are not sent: a fresh value
// written into a response the caller owns reaches no server.
func temporalResponse(ctx context.Context, c workflowservice.WorkflowServiceClient, id string) error { // want temporalResponse:`sendsKey\(arg 2 -> field RequestId\)`
	return backoff.Retry(func() error {
		resp, err := c.StartWorkflowExecution(ctx, &workflowservice.StartWorkflowExecutionRequest{Namespace: "default", RequestId: id})
		if err != nil {
			return err
		}
		resp.RunId = uuid.NewString()
		return nil
	}, backoff.NewExponentialBackOff())
}

// The module's own request type, in another of its packages: not an
// SDK's, so its RequestId is not taken for a key.
func ownClient(ctx context.Context, c *orders.Client) error {
	return backoff.Retry(func() error {
		return c.CreateOrder(ctx, &orders.CreateOrderRequest{RequestId: uuid.NewString(), Item: "x"})
	}, backoff.NewExponentialBackOff())
}
