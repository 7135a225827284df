// Package fields keeps retrying clients in struct fields and builds retry
// policies in helpers, the way services are written.
package fields

import (
	"context"
	"errors"
	"net/http"

	backoffv4 "github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
)

func op() error { return errors.New("x") }

// A retryablehttp client behind a plain *http.Client field.
type store struct{ http *http.Client }

func newStore() *store {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 2
	return &store{http: rc.StandardClient()}
}

func (s *store) get(req *http.Request) { // want `retrier\(3 via retryablehttp.Client.StandardClient\)`
	s.http.Do(req) // want `site client "retryablehttp.Client.StandardClient" 3 attempts`
}

// Twin: the field holds a plain client.
type plain struct{ http *http.Client }

func newPlain() *plain { return &plain{http: &http.Client{}} }

func (p *plain) get(req *http.Request) {
	p.http.Do(req)
}

// Twin: the field holds a retryablehttp client with retries off.
type off struct{ rc *retryablehttp.Client }

func newOff() *off {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	return &off{rc: rc}
}

func (o *off) get(url string) {
	o.rc.Get(url)
}

// A retrying client in a field, in a package that turns retries off on
// another client (off above): the client traced decides, not the package.
type on struct{ rc *retryablehttp.Client }

func newOn() *on { return &on{rc: retryablehttp.NewClient()} }

func (o *on) get(url string) { // want `retrier\(5 via retryablehttp.Client.Get\)`
	o.rc.Get(url) // want `site client "retryablehttp.Client.Get" 5 attempts`
}

// An exported field may be set by other packages, but what the package
// writes to it is what its constructor gives callers: read as the
// unexported field's writes are.
type Public struct{ HTTP *http.Client }

func NewPublic() *Public {
	return &Public{HTTP: retryablehttp.NewClient().StandardClient()}
}

func (p *Public) Get(req *http.Request) { // want `retrier\(5 via retryablehttp.Client.StandardClient\)`
	p.HTTP.Do(req) // want `site client "retryablehttp.Client.StandardClient" 5 attempts`
}

// An exported field the package never writes is unknown: quiet.
type Given struct{ HTTP *http.Client }

func (g *Given) Get(req *http.Request) {
	g.HTTP.Do(req)
}

// A field whose address is taken may change anywhere: quiet.
type leaky struct{ http *http.Client }

func newLeaky(set func(**http.Client)) *leaky {
	l := &leaky{http: retryablehttp.NewClient().StandardClient()}
	set(&l.http)
	return l
}

func (l *leaky) get(req *http.Request) {
	l.http.Do(req)
}

// Policies built by helpers.
func unboundedBackoff() backoffv4.BackOff {
	b := backoffv4.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return b
}

func cappedBackoff() backoffv4.BackOff {
	return backoffv4.WithMaxRetries(unboundedBackoff(), 3)
}

func helpers(ctx context.Context) { // want `retrier\(∞ via backoff.Retry\)`
	backoffv4.Retry(op, unboundedBackoff()) // want `site library "backoff.Retry" unbounded attempts$`
	b := cappedBackoff()
	backoffv4.Retry(op, b) // want `site library "backoff.Retry" 4 attempts$`
}

// A client written to a field by a package-level initializer.
type sharedStore struct{ http *http.Client }

var shared = &sharedStore{http: retryablehttp.NewClient().StandardClient()}

func useShared(req *http.Request) { // want `retrier\(5 via retryablehttp.Client.StandardClient\)`
	shared.http.Do(req) // want `site client "retryablehttp.Client.StandardClient" 5 attempts`
}

// A client handed to the function that retries, in a package that turns
// retryablehttp's retries off on a client (off above): it may be that
// one, so it is no retry layer (package paramclient has the twin).
func Send(c *retryablehttp.Client, req *retryablehttp.Request) {
	c.Do(req)
}
