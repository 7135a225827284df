// Package targets calls out in the shapes client code builds a URL in.
// Each outbound call says, in a comment on its line, the target the
// inventory reads from it ("target: METHOD host/path") and, where part of
// it is not known, why ("unknown: ..."); TestTargets checks them.
package targets // want "."

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
)

const ordersURL = "http://orders.internal:8080/orders"

// Client calls the orders service; base is "http://host:port" from
// configuration.
type Client struct {
	base string
	hc   *http.Client
}

func (c *Client) Constant(ctx context.Context) error { // want Constant:`outbound\(an HTTP call POST orders\.internal:8080/orders/place\)`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ordersURL+"/place", nil)
	return done(c.hc.Do(req)) // target: POST orders.internal:8080/orders/place
}

func (c *Client) Concat(ctx context.Context, id string) error { // want Concat:`outbound\(an HTTP call POST /orders/\{id\}\)`
	req, _ := http.NewRequestWithContext(ctx, "POST", c.base+"/orders/"+id, nil)
	return done(c.hc.Do(req)) // target: POST /orders/{id} unknown: the host comes from field base
}

func (c *Client) Sprintf(ctx context.Context, id int) error { // want Sprintf:`outbound\(an HTTP call GET /orders/\{id\}/items\)`
	u := fmt.Sprintf("%s/orders/%d/items", c.base, id)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	return done(c.hc.Do(req)) // target: GET /orders/{id}/items unknown: the host comes from field base
}

func (c *Client) JoinPath(ctx context.Context, id string) error { // want JoinPath:`outbound\(an HTTP call DELETE /orders/\{id\}\)`
	u, err := url.JoinPath(c.base, "orders", id)
	if err != nil {
		return err
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodDelete, u, nil)
	return done(c.hc.Do(req)) // target: DELETE /orders/{id} unknown: the host comes from field base
}

func Shortcut(n int) error { // want Shortcut:`outbound\(an HTTP call GET ledger/accounts/\{n\}\)`
	return done(http.Get("http://ledger/accounts/" + strconv.Itoa(n) + "?verbose=1")) // target: GET ledger/accounts/{n}
}

func (c *Client) Post(body io.Reader) error { // want Post:`outbound\(an HTTP call POST /orders\)`
	return done(c.hc.Post(c.base+"/orders", "application/json", body)) // target: POST /orders unknown: the host comes from field base
}

func (c *Client) Method(ctx context.Context, method string) error { // want Method:`outbound\(an HTTP call /orders\)`
	req, _ := http.NewRequestWithContext(ctx, method, c.base+"/orders", nil)
	return done(c.hc.Do(req)) // target: /orders unknown: the method comes from parameter method; the host comes from field base
}

func FromParam(u string) error { // want FromParam:`outbound\(an HTTP call\)`
	return done(http.Get(u)) // target: ? unknown: the URL comes from parameter u
}

func Struct(id string) error { // want Struct:`outbound\(an HTTP call GET payments\.internal/charges/\{id\}\)`
	u := url.URL{Scheme: "https", Host: "payments.internal", Path: "/charges/" + id}
	return done(http.Get(u.String())) // target: GET payments.internal/charges/{id}
}

func (c *Client) Parsed(id string) error { // want Parsed:`outbound\(an HTTP call POST /refunds/\{id\}\)`
	base, err := url.Parse(c.base)
	if err != nil {
		return err
	}
	u := base.JoinPath("refunds", id)
	return done(http.Post(u.String(), "application/json", nil)) // target: POST /refunds/{id} unknown: the host comes from field base
}

func (c *Client) WithContext(ctx context.Context, id string) error { // want WithContext:`outbound\(an HTTP call PUT orders\.internal:8080/orders/\{id\}\)`
	req, _ := http.NewRequest(http.MethodPut, ordersURL+"/"+id, nil)
	return done(c.hc.Do(req.WithContext(ctx))) // target: PUT orders.internal:8080/orders/{id}
}

func (c *Client) Helper(ctx context.Context) error { // want Helper:`outbound\(an HTTP call\)`
	return done(c.hc.Do(c.newRequest(ctx))) // target: ? unknown: the request comes from the result of newRequest
}

func (c *Client) newRequest(ctx context.Context) *http.Request {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/health", nil)
	return req
}

func Partial(id string) error { // want Partial:`outbound\(an HTTP call GET ledger/accounts/\{id\}/\)`
	return done(http.Get(fmt.Sprintf("http://ledger/accounts/acct-%s/", id))) // target: GET ledger/accounts/{id}/
}

func Twice(ctx context.Context, hc *http.Client, urgent bool) error { // want Twice:`outbound\(an HTTP call\)`
	u := "http://orders.internal/orders"
	if urgent {
		u = "http://orders.internal/urgent"
	}
	return done(http.Get(u)) // target: ? unknown: the URL comes from variable u, assigned more than once
}

func HostHole(host string) error { // want HostHole:`outbound\(an HTTP call GET /status\)`
	return done(http.Get("http://" + host + "/status")) // target: GET /status unknown: the host comes from parameter host
}

func done(resp *http.Response, err error) error {
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
