package a

import (
	"context"
	"time"

	"example.com/nodeadlinetest/b"
)

// The receiver of b.Client's methods comes from b.New, whose HTTP has no
// Timeout: a context with no deadline reaches a request that can hang.
func statusRetried() error {
	c := b.New("http://orders")
	var err error
	for i := 0; i < 3; i++ {
		if err = c.Get(context.Background(), "/orders"); err == nil { // want `context.Background\(\) reaches an HTTP request on a client with no Timeout via c.Get -> http.Client.Do with no deadline: every attempt of the retry loop in [\w.]+ can wait forever`
			return nil
		}
		if err = c.Status(context.Background()); err == nil { // want `reaches an HTTP request on a client with no Timeout via c.Status -> Client.Get -> http.Client.Do`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Twins: a client with Timeout, a caller that sets one through the field,
// a context with a deadline, a receiver handed in, and a type whose field
// has a setter.
func statusBounded(given *b.Client) error {
	timed := b.NewTimed("http://orders")
	tuned := b.New("http://orders")
	tuned.HTTP.Timeout = 5 * time.Second
	plain := b.New("http://orders")
	tunable := b.NewTunable()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var err error
	for i := 0; i < 3; i++ {
		if err = timed.Get(context.Background(), "/orders"); err == nil { // ok: Timeout
			return nil
		}
		if err = tuned.Get(context.Background(), "/orders"); err == nil { // ok: Timeout set here
			return nil
		}
		if err = plain.Get(ctx, "/orders"); err == nil { // ok: a deadline
			return nil
		}
		if err = given.Get(context.Background(), "/orders"); err == nil { // ok: the caller's client
			return nil
		}
		if err = tunable.Get(context.Background(), "/orders"); err == nil { // ok: SetClient may replace it
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
