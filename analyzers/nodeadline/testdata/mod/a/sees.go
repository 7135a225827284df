package a

import (
	"context"
	"net"
	"net/http"
	"time"

	"google.golang.org/grpc/health/grpc_health_v1"
)

// Shapes the engine sees where and as the code runs: a variable holds at
// a call what was last assigned to it, a closure may assign the
// variables it shares, an address handed on hides a variable.

func reassigned(c grpc_health_v1.HealthClient) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	c.Check(ctx, req) // ok: this call has the deadline
	ctx = context.Background()
	c.Check(ctx, req) // want `context.Background\(\) reaches c.Check \(a gRPC call\) with no deadline`
}

func closureDeadline(c grpc_health_v1.HealthClient) {
	ctx := context.Background()
	cancel := func() {}
	func() { ctx, cancel = context.WithTimeout(ctx, time.Second) }()
	defer cancel()
	c.Check(ctx, req) // ok: the closure gives it a deadline
}

func closureValue(c grpc_health_v1.HealthClient) {
	ctx := context.Background()
	func() { ctx = context.WithValue(ctx, key{}, 1) }()
	c.Check(ctx, req) // want `context.Background\(\) reaches c.Check`
}

func fillContext(ctx *context.Context) {
	*ctx, _ = context.WithTimeout(*ctx, time.Second)
}

func addrHanded(c grpc_health_v1.HealthClient) {
	ctx := context.Background()
	fillContext(&ctx)
	c.Check(ctx, req) // ok: handed to code that may give it a deadline
}

func addrLocal(c grpc_health_v1.HealthClient) {
	ctx := context.Background()
	p := &ctx
	c.Check(*p, req) // want `context.Background\(\) reaches c.Check`
}

// A range-over-func loop's body is a function of its own.
func attempts(yield func(int) bool) {
	for i := range 3 {
		if !yield(i) {
			return
		}
	}
}

func rangeFunc(c grpc_health_v1.HealthClient) {
	for range attempts {
		c.Check(context.Background(), req) // want `context.Background\(\) reaches c.Check`
	}
}

func rangeFuncDeadline(c grpc_health_v1.HealthClient) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	for range attempts {
		c.Check(ctx, req) // ok
	}
}

// A client made in one of two ways: reported when neither sets a
// Timeout, quiet when one does.
func eitherClient(url string, pooled bool, t http.RoundTripper) {
	c := &http.Client{}
	if pooled {
		c = &http.Client{Transport: t}
	}
	c.Get(url) // want `c.Get sends a request with no context on a client made without Timeout`
}

func eitherClientTimeout(url string, pooled bool) {
	c := &http.Client{}
	if pooled {
		c = &http.Client{Timeout: time.Second}
	}
	c.Get(url) // ok: one way sets a Timeout
}

// A copy of the client is the same client.
func copiedClient(url string) {
	c := &http.Client{}
	hc := c
	hc.Get(url) // want `hc.Get sends a request with no context on a client made without Timeout`
}

func copiedClientTimeout(url string) {
	c := &http.Client{}
	hc := c
	hc.Timeout = time.Second
	c.Get(url) // ok: the Timeout is set through the copy
}

// A client a closure shares.
func sharedClient(url string) {
	c := &http.Client{}
	get := func() { c.Get(url) } // want `c.Get sends a request with no context on a client made without Timeout`
	get()
}

func sharedClientTimeout(url string) {
	c := &http.Client{}
	func() { c.Timeout = time.Second }()
	c.Get(url) // ok: the closure sets a Timeout
}

// A dialer literal with other fields, kept in a variable.
func dialerLiteral(addr string) error {
	d := net.Dialer{KeepAlive: time.Minute}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Write([]byte("ping")) // want `conn.Write writes a connection from d.Dial on a dialer with no Timeout`
	return err
}

// A connection reassigned from a dial with a timeout is not judged.
func reDialed(addr string, slow bool) error {
	conn, err := net.Dial("tcp", addr)
	if slow {
		conn, err = net.DialTimeout("tcp", addr, time.Second)
	}
	if err != nil {
		return err
	}
	_, err = conn.Write([]byte("ping")) // ok: maybe dialed with a timeout
	return err
}

// A request whose context is read back from the request itself: the
// cycle through a field and a helper adds nothing (and ends).
type call struct{ req *http.Request }

func (c *call) context() context.Context { return c.req.Context() }

func (c *call) rebind() { c.req = c.req.WithContext(c.context()) }

func (c *call) send() {
	http.DefaultClient.Do(c.req) // ok: nothing makes the request here
}

// A helper applied round a loop to what it returned: each pass reads the
// helper again, and the cycle ends where it began.
func retag(req *http.Request) *http.Request {
	return req.WithContext(context.WithValue(req.Context(), key{}, 1))
}

func retagged(urls []string) {
	req, _ := http.NewRequest("GET", urls[0], nil)
	for range urls {
		req = retag(req)
	}
	http.DefaultClient.Do(req) // want `http.DefaultClient.Do sends a request with no deadline`
}

// A client variable of struct type, shared with a closure.
func valueClient(url string) {
	client := http.Client{Transport: http.DefaultTransport}
	get := func() {
		client.Get(url) // want `client.Get sends a request with no context on a client made without Timeout`
	}
	get()
}

// A client variable of struct type made by an empty literal: its zero
// value is stored whole, and the finding points at the literal.
func zeroClient(url string) {
	req, _ := http.NewRequest("GET", url, nil)
	zc := http.Client{}
	zc.Do(req) // want `zc.Do sends a request with no deadline on a client made without Timeout`
}
