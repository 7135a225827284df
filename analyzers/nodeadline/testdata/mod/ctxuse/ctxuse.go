// Package ctxuse makes calls on contexts another package made.
package ctxuse

import (
	"context"

	"golang.org/x/sync/errgroup"
	"google.golang.org/grpc/health/grpc_health_v1"

	"example.com/nodeadlinetest/ctxmake"
)

var req = &grpc_health_v1.HealthCheckRequest{}

func detached(c grpc_health_v1.HealthClient) error {
	ctx, cancel := ctxmake.Detached()
	defer cancel()
	_, err := c.Check(ctx, req) // want `the context from ctxmake.Detached\(\) reaches c.Check \(a gRPC call\) with no deadline`
	return err
}

func plain(c grpc_health_v1.HealthClient) error {
	_, err := c.Check(ctxmake.Plain(), req) // want `reaches c.Check \(a gRPC call\) with no deadline`
	return err
}

func group(c grpc_health_v1.HealthClient) error {
	_, ctx := ctxmake.NewGroup(context.Background())
	_, err := c.Check(ctx, req) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline`
	return err
}

func errGroup(c grpc_health_v1.HealthClient) error {
	g, ctx := errgroup.WithContext(context.Background())
	g.Go(func() error {
		_, err := c.Check(ctx, req) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline`
		return err
	})
	return g.Wait()
}

// The twins: a deadline set before the group, or by the helper.
func errGroupBounded(c grpc_health_v1.HealthClient) error {
	parent, cancel := context.WithTimeout(context.Background(), 5e9)
	defer cancel()
	g, ctx := errgroup.WithContext(parent)
	g.Go(func() error {
		_, err := c.Check(ctx, req) // ok: the parent's deadline
		return err
	})
	return g.Wait()
}

func bounded(c grpc_health_v1.HealthClient) error {
	ctx, cancel := ctxmake.Bounded(context.Background())
	defer cancel()
	_, err := c.Check(ctx, req) // ok: the helper sets a deadline
	return err
}
