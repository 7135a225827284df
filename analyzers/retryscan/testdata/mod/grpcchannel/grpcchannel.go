// Package grpcchannel dials several channels, one of them with a service
// config that retries: a call counts that config's retryPolicy only when
// it is made on that channel, seen from the call.
package grpcchannel

import (
	"context"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

const retrying = `{"methodConfig": [{"name": [{"service": "grpc.health.v1.Health"}],
  "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s",
    "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`

var creds = grpc.WithTransportCredentials(insecure.NewCredentials())

func dialRetrying(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, creds, grpc.WithDefaultServiceConfig(retrying))
}

func dialPlain(target string) (*grpc.ClientConn, error) {
	return grpc.NewClient(target, creds)
}

// A loop of 3 around a call the channel retries 4 times: 12 calls.
func check(ctx context.Context, target string) error { // want `retrier\(3x4 via retry loop -> HealthClient.Check\)`
	conn, err := dialRetrying(target)
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil { // want `site client "HealthClient.Check" 4 attempts ctx`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The same loop on the package's other channel, which has no service
// config: only the loop retries.
func checkPlain(ctx context.Context, target string) error { // want `retrier\(3 via retry loop\)`
	conn, err := dialPlain(target)
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A client from a parameter may be on either channel: not counted.
func checkGiven(ctx context.Context, c healthpb.HealthClient) error { // want `retrier\(3 via retry loop\)`
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if _, err = c.Check(ctx, &healthpb.HealthCheckRequest{}); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A client kept in an unexported field whose every write is in sight is
// traced to its channel.
type store struct{ health healthpb.HealthClient }

func newStore(target string) (*store, error) {
	conn, err := dialRetrying(target)
	if err != nil {
		return nil, err
	}
	return &store{health: healthpb.NewHealthClient(conn)}, nil
}

func (s *store) ping(ctx context.Context) error { // want `retrier\(4 via HealthClient.Check\)`
	_, err := s.health.Check(ctx, &healthpb.HealthCheckRequest{}) // want `site client "HealthClient.Check" 4 attempts ctx`
	return err
}

// Exported fields may be written by another package: not traced.
type Store struct{ Health healthpb.HealthClient }

func NewStore(target string) (*Store, error) {
	conn, err := dialRetrying(target)
	if err != nil {
		return nil, err
	}
	return &Store{Health: healthpb.NewHealthClient(conn)}, nil
}

func (s *Store) Ping(ctx context.Context) error {
	_, err := s.Health.Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}

// A service config without a retryPolicy retries nothing.
func checkTimeoutOnly(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, creds,
		grpc.WithDefaultServiceConfig(`{"methodConfig": [{"name": [{"service": "grpc.health.v1.Health"}], "timeout": "2s"}]}`))
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}

// A config that retries another service's methods, and one whose method
// config for Check has no retryPolicy: Check is not retried.
func checkOtherService(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, creds, grpc.WithDefaultServiceConfig(`{"methodConfig": [{"name": [{"service": "orders.Orders"}],
	  "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`))
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}

func checkExcluded(ctx context.Context, target string) error {
	conn, err := grpc.NewClient(target, creds, grpc.WithDefaultServiceConfig(`{"methodConfig": [
	  {"name": [{"service": "grpc.health.v1.Health", "method": "Check"}], "timeout": "1s"},
	  {"name": [{}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`))
	if err != nil {
		return err
	}
	c := healthpb.NewHealthClient(conn)
	_, err = c.Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}

// The default method config (name [{}]) retries List too.
func list(ctx context.Context, target string) error { // want `retrier\(4 via HealthClient.List\)`
	conn, err := grpc.NewClient(target, creds, grpc.WithDefaultServiceConfig(`{"methodConfig": [
	  {"name": [{"service": "grpc.health.v1.Health", "method": "Check"}], "timeout": "1s"},
	  {"name": [{}], "retryPolicy": {"maxAttempts": 4, "initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]}}]}`))
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).List(ctx, &healthpb.HealthListRequest{}) // want `site client "HealthClient.List" 4 attempts ctx`
	return err
}

// grpc.WithMaxCallAttempts caps the attempts; grpc.WithDisableRetry(),
// in another option list than the config, turns them off.
func checkCapped(ctx context.Context, target string) error { // want `retrier\(2 via HealthClient.Check\)`
	conn, err := grpc.NewClient(target, creds, grpc.WithDefaultServiceConfig(retrying), grpc.WithMaxCallAttempts(2))
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{}) // want `site client "HealthClient.Check" 2 attempts ctx`
	return err
}

func checkOff(ctx context.Context, target string) error {
	opts := []grpc.DialOption{creds, grpc.WithDefaultServiceConfig(retrying)}
	opts = append(opts, grpc.WithDisableRetry())
	conn, err := grpc.NewClient(target, opts...)
	if err != nil {
		return err
	}
	_, err = healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
	return err
}

// ClientConn.Invoke names its method as a constant.
func invoke(ctx context.Context, target string, in, out any) error { // want `retrier\(4 via ClientConn.Invoke\)`
	conn, err := dialRetrying(target)
	if err != nil {
		return err
	}
	return conn.Invoke(ctx, "/grpc.health.v1.Health/Check", in, out) // want `site client "ClientConn.Invoke" 4 attempts ctx`
}

func invokeOther(ctx context.Context, target string, in, out any) error {
	conn, err := dialRetrying(target)
	if err != nil {
		return err
	}
	return conn.Invoke(ctx, "/orders.Orders/Place", in, out)
}
