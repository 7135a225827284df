package decisions

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Retry by recursion: one layer, never nested in itself. Its one caller
// passes left=2: 3 attempts.
func fetch(ctx context.Context, url string, left int) error { // want `retrier\(3 via recursive retry\)`
	err := get(ctx, url)
	if err == nil || left == 0 {
		return err
	}
	time.Sleep(time.Second)
	return fetch(ctx, url, left-1) // want `site loop "recursive retry" 3 attempts`
}

func get(ctx context.Context, url string) error { return ctx.Err() }

type client struct{ max int }

func (c *client) send(ctx context.Context, attempt int, wait time.Duration) error { // want `retrier\(N via recursive retry\)`
	if err := op(ctx); err != nil {
		if attempt >= c.max {
			return err
		}
		time.Sleep(wait)
		return c.send(ctx, attempt+1, wait*2) // want `site loop "recursive retry" N attempts`
	}
	return nil
}

// Nothing ends this one.
func forever(ctx context.Context) error { // want `retrier\(∞ via recursive retry\)`
	if err := op(ctx); err != nil {
		time.Sleep(time.Second)
		return forever(ctx) // want `site loop "recursive retry" unbounded attempts`
	}
	return nil
}

// A loop around the recursive retry: two layers, fetch once.
func loopOverRecursion(ctx context.Context) error { // want `retrier\(3x3 via retry loop -> fetch -> recursive retry\)`
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if err = fetch(ctx, "u", 2); err == nil { // want `site retrier "fetch" 3 attempts`
			return nil
		}
	}
	return err
}

// A retry loop whose attempt calls the function itself: the chain does
// not repeat the function (no 3x3x3...).
func again(ctx context.Context, depth int) error { // want `retrier\(3 via retry loop\)`
	var err error
	for i := 0; i < 3; i++ { // want `site loop "retry loop" 3 attempts`
		if depth > 0 {
			err = again(ctx, depth-1)
		} else {
			err = op(ctx)
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Not retries: a tree walk that waits, a redirect follower.
type node struct{ left, right *node }

func visit(n *node) error { return nil }

func walk(n *node) error {
	if n == nil {
		return nil
	}
	if err := visit(n); err != nil {
		time.Sleep(time.Millisecond)
		return walk(n.left)
	}
	return walk(n.right)
}

func follow(c *http.Client, url string, hops int) (*http.Response, error) {
	resp, err := c.Get(url)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusFound && hops > 0 {
		time.Sleep(time.Millisecond)
		return follow(c, resp.Header.Get("Location"), hops-1)
	}
	return resp, nil
}

// Recursion that does not wait: a countdown.
func countdown(n int) error {
	if n == 0 {
		return errors.New("done")
	}
	if err := visit(nil); err == nil {
		return nil
	}
	return countdown(n - 1)
}

// The same recursion counting down what its caller is handed: unknown.
func fetchN(ctx context.Context, url string, left int) error { // want `retrier\(N via recursive retry\)`
	err := get(ctx, url)
	if err == nil || left == 0 {
		return err
	}
	time.Sleep(time.Second)
	return fetchN(ctx, url, left-1) // want `site loop "recursive retry" N attempts`
}

func fetchFirst(ctx context.Context, urls []string, n int) error { // want `retrier\(N via fetchN -> recursive retry\)`
	return fetchN(ctx, urls[0], n) // want `site retrier "fetchN" N attempts`
}
