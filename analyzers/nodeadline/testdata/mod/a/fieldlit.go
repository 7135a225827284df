package a

import (
	"context"
	"net/http"
	"time"

	"example.com/nodeadlinetest/b"
)

// A receiver of b.Client built here, by a helper of the package or a
// literal in place, with HTTP set to a client without Timeout, is judged
// as one from b.New: b.Client.Get sends on the field with the caller's
// context (flynn's sirenia client).

func newOrders(base string) *b.Client {
	return &b.Client{Base: base, HTTP: &http.Client{}}
}

func newOrdersWith(base string, hc *http.Client) *b.Client {
	return &b.Client{Base: base, HTTP: hc}
}

func newOrdersDefault(base string) *b.Client {
	c := &b.Client{Base: base}
	c.HTTP = http.DefaultClient
	return c
}

func ordersFromB(base string) *b.Client { return b.New(base) }

func newOrdersTimed(base string) *b.Client {
	return &b.Client{Base: base, HTTP: &http.Client{Timeout: 10 * time.Second}}
}

func litOwnCtor(base string) error {
	c := newOrders(base)
	return c.Get(context.Background(), "/status") // want `context.Background\(\) reaches an HTTP request on a client with no Timeout via c.Get -> http.Client.Do with no deadline`
}

func litInPlace(base string) error {
	c := &b.Client{Base: base, HTTP: &http.Client{}}
	return c.Get(context.Background(), "/status") // want `context.Background\(\) reaches an HTTP request on a client with no Timeout via c.Get -> http.Client.Do`
}

func litValue(base string) error {
	c := b.Client{Base: base, HTTP: http.DefaultClient}
	return c.Get(context.Background(), "/status") // want `reaches an HTTP request on a client with no Timeout via c.Get -> http.Client.Do`
}

func litHelpers(base string, fresh bool) error {
	c := newOrdersDefault(base)
	if fresh {
		c = newOrdersWith(base, &http.Client{})
	}
	if err := c.Status(context.Background()); err != nil { // want `reaches an HTTP request on a client with no Timeout via c.Status -> Client.Get -> http.Client.Do`
		return err
	}
	return ordersFromB(base).Get(context.TODO(), "/") // want `context.TODO\(\) reaches an HTTP request on a client with no Timeout via ordersFromB\(base\).Get -> http.Client.Do`
}

// The calling function's client parameter is the clients its callers
// pass (clientparam.go): all of them here, without Timeout.
func litLocalParam(base string, hc *http.Client) error {
	c := &b.Client{Base: base, HTTP: hc}
	return c.Get(context.Background(), "/status") // want `reaches an HTTP request on a client with no Timeout via c.Get -> http.Client.Do`
}

func litLocalParamCaller(base string) error { return litLocalParam(base, &http.Client{}) }

func litRetried(base string) error {
	c := &b.Client{Base: base, HTTP: &http.Client{}}
	var err error
	for range 3 {
		if err = c.Get(context.Background(), "/orders"); err == nil { // want `every attempt of the retry loop in litRetried can wait forever`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twins: a client with Timeout (in place, through a helper, through the
// helper's parameter), a context with a deadline, a field from a
// parameter of an exported function, a field left unset, a Timeout set
// afterwards (on the field, on the variable), the receiver handed on,
// and a type whose package may set the Timeout.

func litTimed(base string) error {
	c := &b.Client{Base: base, HTTP: &http.Client{Timeout: 10 * time.Second}}
	if err := c.Get(context.Background(), "/status"); err != nil { // ok: Timeout
		return err
	}
	if err := newOrdersTimed(base).Get(context.Background(), "/status"); err != nil { // ok: Timeout
		return err
	}
	return newOrdersWith(base, &http.Client{Timeout: time.Second}).Get(context.Background(), "/") // ok: Timeout
}

func litDeadline(base string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return newOrders(base).Get(ctx, "/status") // ok: a deadline
}

func LitParam(base string, hc *http.Client) error {
	c := &b.Client{Base: base, HTTP: hc}
	return c.Get(context.Background(), "/status") // ok: the importer's client
}

func litUnset(base string) error {
	c := &b.Client{Base: base}
	return c.Get(context.Background(), "/status") // ok: what Get does with a nil client is not known
}

func litTuned(base string) error {
	c := &b.Client{Base: base, HTTP: &http.Client{}}
	c.HTTP.Timeout = 5 * time.Second
	if err := c.Get(context.Background(), "/status"); err != nil { // ok: Timeout set through the field
		return err
	}
	hc := &http.Client{}
	d := newOrdersWith(base, hc)
	hc.Timeout = 5 * time.Second
	return d.Get(context.Background(), "/status") // ok: Timeout set on the client
}

func litHanded(base string, configure func(*b.Client)) error {
	c := newOrders(base)
	configure(c)
	return c.Get(context.Background(), "/status") // ok: configure may set the client
}

func litSettable(u string) error {
	s := &b.Settable{HTTP: &http.Client{}}
	return s.Get(context.Background(), u) // ok: b's SetTimeout may bound it
}
