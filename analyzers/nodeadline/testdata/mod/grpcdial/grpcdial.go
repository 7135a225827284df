// Package grpcdial holds blocking gRPC dials: grpc.Dial and DialContext
// told to wait until the channel is ready (grpc.WithBlock), which wait
// forever while the server is down or the address is wrong unless a
// timeout or a context deadline ends the wait.
package grpcdial

import (
	"context"
	"crypto/tls"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"

	"example.com/nodeadlinetest/grpcdial/dialopts"
)

var creds = grpc.WithTransportCredentials(insecure.NewCredentials())

// Positive shapes.

func dial(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithBlock(), creds) // want `grpc.Dial with grpc.WithBlock has no timeout: it waits forever while the server is unreachable; add grpc.WithTimeout or dial with grpc.DialContext and a context from context.WithTimeout`
}

func dialBackground(addr string) (*grpc.ClientConn, error) {
	return grpc.DialContext(context.Background(), addr, grpc.WithBlock(), creds) // want `grpc.DialContext with grpc.WithBlock gets context.Background\(\) with no deadline: it waits forever while the server is unreachable; add grpc.WithTimeout or derive the context with context.WithTimeout`
}

func dialTODO(addr string) (*grpc.ClientConn, error) {
	ctx, cancel := context.WithCancel(context.TODO())
	// The cancel runs after the dial: it does not end the wait.
	defer cancel()
	return grpc.DialContext(ctx, addr, grpc.WithBlock(), creds) // want `grpc.DialContext with grpc.WithBlock gets context.TODO\(\) with no deadline`
}

// The options in a local slice literal.
func dialSlice(addr string) (*grpc.ClientConn, error) {
	opts := []grpc.DialOption{creds, grpc.WithBlock()}
	return grpc.Dial(addr, opts...) // want `grpc.Dial with grpc.WithBlock has no timeout`
}

// A helper returning the channel, its options appended branch by branch
// (weaviate-go-client's createClient before it added WithTimeout).
func createConn(host string, secured bool) (*grpc.ClientConn, error) {
	var opts []grpc.DialOption
	opts = append(opts, grpc.WithBlock())
	if secured || strings.HasSuffix(host, ":443") {
		opts = append(opts, grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{})))
	} else {
		opts = append(opts, grpc.WithTransportCredentials(insecure.NewCredentials()))
	}
	return grpc.Dial(host, opts...) // want `grpc.Dial with grpc.WithBlock has no timeout`
}

// An option from a helper of the package is read through it.
func blocking() grpc.DialOption { return grpc.WithBlock() }

func dialHelperOption(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, blocking(), creds) // want `grpc.Dial with grpc.WithBlock has no timeout`
}

// WithReturnConnectionError implies WithBlock: it only changes the error
// returned when the context ends.
func dialReturnError(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithReturnConnectionError(), creds) // want `grpc.Dial with grpc.WithReturnConnectionError has no timeout`
}

// FailOnNonTempDialError ends the wait on a refused connection: a server
// that accepts and never answers, or a host that drops the packets,
// still holds it forever.
func dialFailFast(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithBlock(), grpc.FailOnNonTempDialError(true), creds) // want `grpc.Dial with grpc.WithBlock has no timeout`
}

// A timeout of 0 is none.
func dialZeroTimeout(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithBlock(), grpc.WithTimeout(0), creds) // want `grpc.Dial with grpc.WithBlock has no timeout`
}

// In a retry loop: one finding, naming the retry, which never gets to
// retry.
func dialRetried(addr string) (*grpc.ClientConn, error) {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var conn *grpc.ClientConn
		conn, err = grpc.DialContext(context.Background(), addr, grpc.WithBlock(), creds) // want `grpc.DialContext with grpc.WithBlock gets context.Background\(\) with no deadline: every attempt of the retry loop in dialRetried waits forever while the server is unreachable`
		if err == nil {
			return conn, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// A context parameter: the callers decide (caller/caller.go, and
// below).
func dialCtx(ctx context.Context, addr string) (*grpc.ClientConn, error) { // want dialCtx:`reaches\(param 0 via grpc.DialContext\)`
	return grpc.DialContext(ctx, addr, grpc.WithBlock(), creds) // ok: the caller's context
}

func startBackground(addr string) (*grpc.ClientConn, error) {
	return dialCtx(context.Background(), addr) // want `context.Background\(\) reaches a blocking gRPC dial via dialCtx -> grpc.DialContext with no deadline`
}

// DialCtx is dialCtx for importers.
func DialCtx(ctx context.Context, addr string) (*grpc.ClientConn, error) { // want DialCtx:`reaches\(param 0 via grpc.DialContext\)`
	return grpc.DialContext(ctx, addr, grpc.WithBlock(), creds) // ok: the caller's context
}

// Negative twins.

func dialTimeout(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithBlock(), grpc.WithTimeout(5*time.Second), creds) // ok: WithTimeout ends the wait
}

func dialDeadline(addr string) (*grpc.ClientConn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return grpc.DialContext(ctx, addr, grpc.WithBlock(), creds) // ok: the context's deadline ends the wait
}

func dialSliceTimeout(addr string) (*grpc.ClientConn, error) {
	opts := []grpc.DialOption{creds, grpc.WithBlock(), grpc.WithTimeout(5 * time.Second)}
	return grpc.Dial(addr, opts...) // ok
}

// weaviate-go-client's fix: the timeout its caller gives.
func createConnTimeout(host string, secured bool, timeout time.Duration) (*grpc.ClientConn, error) {
	var opts []grpc.DialOption
	opts = append(opts, grpc.WithBlock())
	if secured {
		opts = append(opts, grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{})))
	} else {
		opts = append(opts, grpc.WithTransportCredentials(insecure.NewCredentials()))
	}
	opts = append(opts, grpc.WithTimeout(timeout))
	return grpc.Dial(host, opts...) // ok: a timeout the analyzer cannot see is taken to be one
}

func dialNoBlock(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, creds) // ok: returns at once, connects in the background
}

func dialBackgroundNoBlock(addr string) (*grpc.ClientConn, error) {
	return grpc.DialContext(context.Background(), addr, creds) // ok
}

func newClient(addr string) (*grpc.ClientConn, error) {
	return grpc.NewClient(addr, grpc.WithBlock(), creds) // ok: NewClient ignores WithBlock and never waits
}

// Options the analyzer cannot read: the caller's may hold a timeout.
func dialWith(addr string, opts ...grpc.DialOption) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, append(opts, grpc.WithBlock())...) // ok: opts out of sight
}

func dialOtherPackageOption(addr string) (*grpc.ClientConn, error) {
	return grpc.Dial(addr, grpc.WithBlock(), dialopts.Timeout(), creds) // ok: an option of another package
}

func startDeadline(addr string) (*grpc.ClientConn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return dialCtx(ctx, addr) // ok
}

// A context whose origin is out of sight.
type server struct{ ctx context.Context }

func (s *server) dial(addr string) (*grpc.ClientConn, error) {
	return grpc.DialContext(s.ctx, addr, grpc.WithBlock(), creds) // ok: the field's context is unknown
}
