package a

import (
	"context"
	"net/http"
	"time"

	"google.golang.org/grpc/health/grpc_health_v1"

	"example.com/nodeadlinetest/b"
)

// Requests and contexts built by helpers of the package are read as if
// written in place.

func newRequest(ctx context.Context, url string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	return req, nil
}

func helperRequest(url string) {
	req, err := newRequest(context.Background(), url)
	if err != nil {
		return
	}
	http.DefaultClient.Do(req) // want `http.DefaultClient.Do sends a request with no deadline on http.DefaultClient`
}

func helperRequestDeadline(url string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := newRequest(ctx, url)
	http.DefaultClient.Do(req) // ok: the caller's context has a deadline
}

// A helper that adds a deadline: quiet.

func boundedRequest(url string) *http.Request {
	ctx, _ := context.WithTimeout(context.Background(), 5*time.Second)
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	return req
}

func helperDeadline(url string) {
	http.DefaultClient.Do(boundedRequest(url)) // ok
}

func plainRequest(url string) *http.Request {
	req, _ := http.NewRequest("GET", url, nil)
	return req
}

func helperPlain(url string) {
	c := newClient()
	c.Do(plainRequest(url)) // want `c.Do sends a request with no deadline on a client made without Timeout`
}

func newClient() *http.Client { return &http.Client{} }

func newTimeoutClient() *http.Client {
	c := &http.Client{}
	c.Timeout = time.Second
	return c
}

func helperTimeoutClient(url string) {
	newTimeoutClient().Do(plainRequest(url)) // ok: the helper sets a Timeout
}

// A context helper.

func rootContext() context.Context { return context.WithValue(context.Background(), key{}, 1) }

func boundedContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), time.Second)
}

func helperContext(c grpc_health_v1.HealthClient) {
	c.Check(rootContext(), req) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline`
	ctx, cancel := boundedContext()
	defer cancel()
	c.Check(ctx, req) // ok
}

// A helper passing its context parameter through keeps the caller's
// state: the caller's parameter is the caller's responsibility.
func withKey(ctx context.Context) context.Context { return context.WithValue(ctx, key{}, 2) }

func helperParam(ctx context.Context, c grpc_health_v1.HealthClient) { // want helperParam:`reaches\(param 0 via HealthClient.Check\)`
	c.Check(withKey(ctx), req) // ok here: the caller is reported
}

func recursive(n int) context.Context {
	if n == 0 {
		return context.Background()
	}
	return recursive(n - 1)
}

func helperRecursive(c grpc_health_v1.HealthClient) {
	c.Check(recursive(3), req) // want `context.Background\(\) reaches c.Check`
}

// A context-free method is exempt only when it delegates to its XContext
// twin (see conn.Ping in a.go); any other call with context.Background()
// is reported.
type legacy struct{ c grpc_health_v1.HealthClient }

func (l *legacy) Refresh() error { return l.refresh(context.Background()) } // want `context.Background\(\) reaches a gRPC call via l.refresh -> HealthClient.Check with no deadline`

func (l *legacy) refresh(ctx context.Context) error { // want refresh:`reaches\(param 0 via HealthClient.Check\)`
	_, err := l.c.Check(ctx, req)
	return err
}

// database/sql's naming: Begin's twin is BeginTx.
func (l *legacy) Begin() error { return l.BeginTx(context.Background(), nil) } // ok

func (l *legacy) BeginTx(ctx context.Context, _ any) error { // want BeginTx:`reaches\(param 0 via HealthClient.Check\)`
	_, err := l.c.Check(ctx, req)
	return err
}

// A helper returning the constructor's two results at once.
func postRequest(ctx context.Context, url string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, "POST", url, nil)
}

func helperTuple(url string) {
	req, _ := postRequest(context.TODO(), url)
	http.DefaultClient.Do(req) // want `http.DefaultClient.Do sends a request with no deadline`
}

func helperTupleParam(ctx context.Context, url string) { // want helperTupleParam:`reaches\(param 0 via http.Client.Do\)`
	req, _ := postRequest(ctx, url)
	http.DefaultClient.Do(req) // ok here: the caller's context
}

// Helpers of another package, through their ResultFact.
func importedHelpers(c grpc_health_v1.HealthClient, url string) {
	req, _ := b.NewRequest(context.Background(), url)
	http.DefaultClient.Do(req) // want `http.DefaultClient.Do sends a request with no deadline`
	c.Check(b.Root(), req2)    // want `the context from b.Root\(\) reaches c.Check`
	ctx, cancel := b.Timed()
	defer cancel()
	c.Check(ctx, req2) // ok: b.Timed adds a deadline
	bounded, _ := b.NewRequest(ctx, url)
	http.DefaultClient.Do(bounded) // ok
}

var req2 = &grpc_health_v1.HealthCheckRequest{}
