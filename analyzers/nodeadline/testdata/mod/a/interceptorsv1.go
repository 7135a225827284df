package a

import (
	"context"
	"time"

	grpc_retry "github.com/grpc-ecosystem/go-grpc-middleware/retry"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/health/grpc_health_v1"
)

// go-grpc-middleware v1's retry interceptor (package grpc_retry) bounds
// each attempt as v2's does: WithPerRetryTimeout with a WithMax other
// than 0, read from the same catalog rows.

func v1InterceptorDefaults(addr string) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithPerRetryTimeout(time.Second))))
	if err != nil {
		return err
	}
	_, err = grpc_health_v1.NewHealthClient(conn).Check(context.Background(), req) // ok: the interceptor's defaults bound each attempt
	return err
}

// The twins: no per-retry timeout; v1's default max, 0, which calls
// once without it; retries disabled on the call.

func v1WithoutPerRetryTimeout(addr string) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3))))
	if err != nil {
		return err
	}
	_, err = grpc_health_v1.NewHealthClient(conn).Check(context.Background(), req) // want `context.Background\(\) reaches HealthClient.Check`
	return err
}

func v1DefaultMax(addr string) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithPerRetryTimeout(time.Second))))
	if err != nil {
		return err
	}
	_, err = grpc_health_v1.NewHealthClient(conn).Check(context.Background(), req) // want `context.Background\(\) reaches HealthClient.Check`
	return err
}

func v1Disabled(addr string) error {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithUnaryInterceptor(grpc_retry.UnaryClientInterceptor(grpc_retry.WithMax(3), grpc_retry.WithPerRetryTimeout(time.Second))))
	if err != nil {
		return err
	}
	_, err = grpc_health_v1.NewHealthClient(conn).Check(context.Background(), req, grpc_retry.Disable()) // want `context.Background\(\) reaches HealthClient.Check`
	return err
}
