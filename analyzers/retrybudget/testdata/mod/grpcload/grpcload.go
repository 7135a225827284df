// Package grpcload holds gRPC service configs: retries with and without
// a load budget (retryThrottling), and a method timeout that covers every
// attempt.
package grpcload

import (
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

// No retryThrottling: an outage of the service meets 4x its traffic.
const unthrottled = `{"methodConfig": [{"name": [{"service": "orders.Orders"}],
  "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s",
    "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

func dialUnthrottled(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(unthrottled)) // want `service config retries up to 4 attempts per call with no retryThrottling: in an outage every call is sent 4 times, 4x the load on a service that is already failing; add "retryThrottling": \{"maxTokens": 10, "tokenRatio": 0.1\}, which stops retries once about 9% of calls fail`
}

// The twin: a budget of 10% of the successful calls.
const throttled = `{"methodConfig": [{"name": [{"service": "orders.Orders"}],
  "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s",
    "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}],
  "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}}`

func dialThrottled(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(throttled))
}

// The method's timeout is the deadline of the whole call: one hung
// attempt uses all of it.
const timed = `{"methodConfig": [{"name": [{"service": "orders.Orders"}], "timeout": "5s",
  "retryPolicy": {"maxAttempts": 3, "initialBackoff": "0.1s", "maxBackoff": "1s",
    "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}],
  "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}}`

func dialTimed(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(timed)) // want `service config gives a method a 5s timeout for all of its 3 attempts, and grpc-go has no per-attempt timeout: a first attempt that hangs uses the whole 5s and no retry runs; retry in go-grpc-middleware's retry interceptor with retry.WithPerRetryTimeout instead of the service config's retryPolicy`
}

// The twin: a timeout with no retry policy is the one attempt's.
const timedOnce = `{"methodConfig": [{"name": [{"service": "orders.Orders"}], "timeout": "5s"}]}`

func dialTimedOnce(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(timedOnce))
}

// A config grpc rejects (maxAttempts 1) retries nothing.
func dialNoRetry(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(`{"methodConfig": [{"name": [{}], "retryPolicy": {"maxAttempts": 1}}]}`))
}

// The twins dialed with grpc.WithDisableRetry(): the channel makes no
// service-config retries, so neither the missing budget nor the method
// timeout matters. In the dial's arguments, and in one option list.
func dialUnthrottledOff(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(unthrottled), grpc.WithDisableRetry())
}

func dialTimedOff(target string) (*grpc.ClientConn, error) {
	opts := []grpc.DialOption{
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDisableRetry(),
		grpc.WithDefaultServiceConfig(timed),
	}
	return grpc.NewClient(target, opts...)
}
