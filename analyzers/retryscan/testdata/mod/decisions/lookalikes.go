package decisions

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

// Each look-alike below decides on an outcome too, and is no retry.

// Pagination that checks the status: success goes on to the next page.
func pages(c *http.Client, url string) error {
	for url != "" {
		resp, err := c.Get(url)
		if err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK {
			return errStatus
		}
		url = resp.Header.Get("Link")
		resp.Body.Close()
		time.Sleep(time.Second) // a rate limit
	}
	return nil
}

// A cursor loop: success leaves only on the last page.
type page struct{ Next string }

func cursor(ctx context.Context, list func(context.Context, string) (*page, error)) error {
	cur := ""
	for {
		p, err := list(ctx, cur)
		if err != nil {
			return err
		}
		if p.Next == "" {
			return nil
		}
		cur = p.Next
		time.Sleep(time.Second)
	}
}

// A poll for a state: the answer is a state, not an attempt's success.
type state struct{ Ready bool }

func pollState(ctx context.Context, get func(context.Context) (*state, error)) error {
	for {
		st, err := get(ctx)
		if err != nil {
			return err
		}
		if st.Ready {
			return nil
		}
		time.Sleep(time.Second)
	}
}

func isReady(ctx context.Context) (bool, error) { return ctx.Err() == nil, nil }

func pollReady(ctx context.Context) error {
	for {
		ready, err := isReady(ctx)
		if err != nil {
			return err
		}
		if ready {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// A bool attempt that neither waits nor... waits: a search.
func search(try func(int) bool) int {
	for i := 0; i < 10; i++ {
		if try(i) {
			return i
		}
	}
	return -1
}

// Failover that picks a new backend each time, the failed one removed.
type backend struct{}

func (*backend) Send(msg string) error { return nil }

type pool struct{ bs []*backend }

func (p *pool) Pick() *backend {
	if len(p.bs) == 0 {
		return nil
	}
	return p.bs[0]
}

func (p *pool) Remove(b *backend) { p.bs = p.bs[1:] }

func failover(p *pool, msg string) error {
	for b := p.Pick(); b != nil; b = p.Pick() {
		if err := b.Send(msg); err == nil {
			return nil
		}
		p.Remove(b)
		time.Sleep(10 * time.Millisecond)
	}
	return errors.New("no backend")
}

func failoverInBody(p *pool, msg string) error {
	for {
		b := p.Pick()
		if b == nil {
			return errors.New("no backend")
		}
		if err := b.Send(msg); err == nil {
			return nil
		}
		p.Remove(b)
		time.Sleep(10 * time.Millisecond)
	}
}

// A read loop that tests the error in a combined condition: success
// goes round.
func readUntil(r io.Reader) error {
	buf := make([]byte, 64)
	for {
		_, err := r.Read(buf)
		if err == io.EOF || (err != nil && !isRetryable(err)) {
			return err
		}
		time.Sleep(time.Millisecond)
	}
}

// A status that is checked but does not decide: every status leaves.
func statusOnce(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode >= 500 {
			return nil, errStatus
		}
		return resp, nil
	}
	return nil, errStatus
}

// The status class read once: every class leaves, so nothing is retried.
func statusClassOnce(c *http.Client, req *http.Request) (int, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err != nil {
			return 0, err
		}
		code := resp.StatusCode
		resp.Body.Close()
		if code/100 == 5 {
			return code, errStatus
		}
		return code, nil
	}
	return 0, errStatus
}

// A local boolean about something else: whether to log.
func logged(ctx context.Context, verbose bool) error {
	for {
		err := op(ctx)
		quiet := !verbose || err == nil
		if quiet {
			continue
		}
		time.Sleep(time.Second)
	}
}
