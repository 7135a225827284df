package a

import (
	"context"
	"time"

	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"
)

// A span's context is its parent's with a value added: the deadline, or
// its absence, goes through Tracer.Start, an interface method with no
// body to read, and through grpc's metadata.
type traced struct {
	tracer trace.Tracer
	c      grpc_health_v1.HealthClient
}

func (t *traced) check(ctx context.Context) error { // want check:`reaches\(param 0 via HealthClient.Check\)`
	ctx, span := t.tracer.Start(ctx, "check")
	defer span.End()
	ctx = metadata.AppendToOutgoingContext(ctx, "x-tenant", "a")
	_, err := t.c.Check(ctx, req)
	return err
}

func (t *traced) run() error {
	return t.check(context.Background()) // want `context.Background\(\) reaches a gRPC call via t.check -> HealthClient.Check with no deadline`
}

func (t *traced) runBounded() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return t.check(ctx) // ok: the span keeps the deadline
}

func (t *traced) direct() error {
	ctx, span := t.tracer.Start(context.Background(), "direct")
	defer span.End()
	_, err := t.c.Check(ctx, req) // want `context.Background\(\) reaches t.c.Check \(a gRPC call\) with no deadline`
	return err
}

func (t *traced) directBounded(parent context.Context) error {
	ctx, cancel := context.WithTimeout(parent, 5*time.Second)
	defer cancel()
	ctx, span := t.tracer.Start(trace.ContextWithSpan(ctx, trace.SpanFromContext(parent)), "direct")
	defer span.End()
	_, err := t.c.Check(ctx, req) // ok: the deadline set above the span
	return err
}
