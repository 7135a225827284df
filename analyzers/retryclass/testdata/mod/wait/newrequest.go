package wait

import (
	"context"
	"database/sql"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type getter struct {
	hc    *http.Client
	rc    *retryablehttp.Client
	db    *sql.DB
	url   string
	every time.Duration
}

// A request built in the attempt, its error returned: the constructor
// fails on a nil ctx or a bad URL, never on a done one, so nothing stops
// the loop when the caller gives up.
func (g *getter) requestErrReturned(ctx context.Context) error {
	for i := 0; i < 5; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, g.url, nil)
		if err != nil {
			return err
		}
		if resp, err := g.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(g.every) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 4 more attempts; wait in a select on ctx.Done\(\) and return ctx.Err\(\)`
	}
	return errGone
}

// The same with a long wait: the loop goes on, it does not stop after
// the wait.
func (g *getter) requestErrReturnedLong(ctx context.Context) error {
	for i := 0; i < 5; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, g.url, nil)
		if err != nil {
			return err
		}
		if resp, err := g.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(3 * time.Second) // want `never checks ctx: after the caller gives up it goes on for up to 4 more attempts over 12s, each wait up to 3s`
	}
	return errGone
}

// go-retryablehttp's constructor does not look at ctx either.
func (g *getter) retryableRequestErrReturned(ctx context.Context) error {
	for i := 0; i < 5; i++ {
		req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, g.url, nil)
		if err != nil {
			return err
		}
		if resp, err := g.rc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(g.every) // want `retry loop waits with time.Sleep and never checks ctx: after the caller gives up it goes on for up to 4 more attempts`
	}
	return errGone
}

// The twin whose sent request's error leaves the loop: a done ctx fails
// the call, so the loop stops at its next attempt, and a wait of a length
// the code does not show is quiet.
func (g *getter) sendErrReturned(ctx context.Context) error {
	for i := 0; i < 5; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, g.url, nil)
		if err != nil {
			return err
		}
		resp, err := g.hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < 500 {
			return nil
		}
		time.Sleep(g.every)
	}
	return errGone
}

// The twin whose attempt first asks the database, given ctx, and leaves
// on its error: a done ctx fails the query, a look at the context.
func (g *getter) pingErrReturned(ctx context.Context) error {
	for i := 0; i < 5; i++ {
		if err := g.db.PingContext(ctx); err != nil {
			return err
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, g.url, nil)
		if resp, err := g.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(g.every)
	}
	return errGone
}

// A wait that doubles with no cap, a number of times the caller says,
// in a loop that never checks ctx.
func (g *getter) requestErrReturnedGrowing(ctx context.Context, attempts int) error {
	d := 100 * time.Millisecond
	for i := 0; i < attempts; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, g.url, nil)
		if err != nil {
			return err
		}
		if resp, err := g.hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(d) // want `goes on for further attempts, each wait longer each round, with no cap;`
		d *= 2
	}
	return errGone
}
