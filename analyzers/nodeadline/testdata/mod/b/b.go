// Package b holds helpers that take a context; package a calls them.
package b

import (
	"context"
	"net/http"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health/grpc_health_v1"
)

// Fetch passes its context to a gRPC call: callers own the deadline.
func Fetch(ctx context.Context, c grpc_health_v1.HealthClient) error { // want Fetch:`reaches\(param 0 via HealthClient.Check\)`
	_, err := c.Check(ctx, &grpc_health_v1.HealthCheckRequest{}) // ok: a parameter
	return err
}

// Sync reaches the gRPC call through Fetch, adding values on the way.
func Sync(ctx context.Context, c grpc_health_v1.HealthClient) error { // want Sync:`reaches\(param 0 via Fetch -> HealthClient.Check\)`
	ctx = context.WithValue(ctx, key{}, "sync")
	return Fetch(ctx, c)
}

// Bounded adds a deadline before the call: no fact.
func Bounded(ctx context.Context, c grpc_health_v1.HealthClient) error {
	ctx, cancel := context.WithTimeout(ctx, 1)
	defer cancel()
	return Fetch(ctx, c)
}

// Get sends the request on http.DefaultClient, which has no Timeout, so
// only the context bounds it.
func Get(ctx context.Context, url string) (*http.Response, error) { // want Get:`reaches\(param 0 via http.Client.Do\)`
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

// Serve does local work with its context, no outbound call: no fact.
func Serve(ctx context.Context, h http.Handler) error {
	<-ctx.Done()
	return ctx.Err()
}

type key struct{}

// Probe has the shape of a gRPC stub but is a helper that makes no call:
// no fact, and callers are not reported.
func Probe(ctx context.Context, c grpc_health_v1.HealthClient, opts ...grpc.CallOption) error {
	return ctx.Err()
}

// Follow opens a stream and cancels it itself: no fact.
func Follow(ctx context.Context, c grpc_health_v1.HealthClient) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := c.Watch(ctx, &grpc_health_v1.HealthCheckRequest{})
	if err != nil {
		return err
	}
	_, err = w.Recv()
	return err
}

// Tail opens a stream with its caller's context: the caller must be able
// to stop it.
func Tail(ctx context.Context, c grpc_health_v1.HealthClient) error { // want Tail:`reaches\(param 0 via HealthClient.Watch\)`
	w, err := c.Watch(ctx, &grpc_health_v1.HealthCheckRequest{})
	if err != nil {
		return err
	}
	_, err = w.Recv()
	return err
}

// NewRequest builds a request on its caller's context: importers read it
// as if written in place.
func NewRequest(ctx context.Context, url string) (*http.Request, error) { // want NewRequest:`returns\(param 0\)`
	return http.NewRequestWithContext(ctx, "GET", url, nil)
}

// Root makes a context with no deadline.
func Root() context.Context { return context.WithValue(context.Background(), key{}, "root") } // want Root:`returns\(no deadline\)`

// Timed adds a deadline: no fact.
func Timed() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 1)
}

// LBClient is a hand-written stub whose stream is a pointer to a struct
// embedding grpc.ClientStream.
type LBClient struct{ cc *grpc.ClientConn }

type LBStream struct{ grpc.ClientStream }

func (c *LBClient) Balance(ctx context.Context, opts ...grpc.CallOption) (*LBStream, error) { // want Balance:`reaches\(param 0 via ClientConn.NewStream\)`
	s, err := c.cc.NewStream(ctx, &grpc.StreamDesc{ServerStreams: true, ClientStreams: true}, "/lb.LB/Balance", opts...)
	if err != nil {
		return nil, err
	}
	return &LBStream{s}, nil
}
