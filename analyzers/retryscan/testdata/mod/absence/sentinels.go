package absence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"example.com/retryscantest/absence/store"
)

// A package's own sentinel, produced only on a "not found", says what
// sql.ErrNoRows says: a loop that goes round on it alone polls.

var errNotFound = errors.New("not found")

func get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return errNotFound
	}
	if resp.StatusCode >= 500 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

// fetch stands between the loop and the request.
func fetch(ctx context.Context, url string) error { return get(ctx, url) }

// HTTP 404, through a helper.
func waitFor(ctx context.Context, url string) error {
	for i := 0; i < 30; i++ {
		err := fetch(ctx, url)
		if !errors.Is(err, errNotFound) {
			return err
		}
		time.Sleep(time.Second)
	}
	return errors.New("timed out waiting")
}

// The twin: any other failure goes round as well.
func fetchAll(ctx context.Context, url string) error { // want `retrier\(30 via retry loop\)`
	for i := 0; i < 30; i++ { // want `site loop "retry loop" 30 attempts`
		err := fetch(ctx, url)
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("timed out")
}

// The twin: a second sentinel, a failure of the service, goes round
// beside "not found".
var errBusy = errors.New("busy")

func getOrBusy(resp *http.Response) error {
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return errNotFound
	case resp.StatusCode == http.StatusServiceUnavailable:
		return errBusy
	}
	return nil
}

func waitOrBusy(c *http.Client, url string) error { // want `retrier\(30 via retry loop\)`
	for i := 0; i < 30; i++ { // want `site loop "retry loop" 30 attempts`
		resp, err := c.Get(url)
		if err != nil {
			return err
		}
		resp.Body.Close()
		err = getOrBusy(resp)
		if errors.Is(err, errNotFound) || errors.Is(err, errBusy) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
	return errors.New("timed out")
}

type kv interface {
	Get(ctx context.Context, key string) (string, error)
}

// gRPC NotFound, told by the code.
var errNoKey = errors.New("no such key")

func value(ctx context.Context, c kv, key string) (string, error) {
	v, err := c.Get(ctx, key)
	if status.Code(err) == codes.NotFound {
		return "", errNoKey
	}
	return v, err
}

func waitEntry(ctx context.Context, c kv, key string) (string, error) {
	for i := 0; i < 10; i++ {
		v, err := value(ctx, c, key)
		if err == errNoKey {
			time.Sleep(time.Second)
			continue
		}
		return v, err
	}
	return "", errors.New("no key")
}

// The twin: the sentinel is also returned on Unavailable, a failure of
// the service.
var errNoValue = errors.New("no value")

func value2(ctx context.Context, c kv, key string) (string, error) {
	v, err := c.Get(ctx, key)
	switch status.Code(err) {
	case codes.NotFound:
		return "", errNoValue
	case codes.Unavailable:
		return "", errNoValue
	}
	return v, err
}

func waitValue(ctx context.Context, c kv, key string) (string, error) { // want `retrier\(10 via retry loop\)`
	for i := 0; i < 10; i++ { // want `site loop "retry loop" 10 attempts`
		v, err := value2(ctx, c, key)
		if err == errNoValue {
			time.Sleep(time.Second)
			continue
		}
		return v, err
	}
	return "", errors.New("no value")
}

// Another package's sentinel, returned there only on sql.ErrNoRows
// (its fact says so).
func waitJob(ctx context.Context, db *sql.DB, id int) (string, error) {
	for i := 0; i < 50; i++ {
		s, err := store.Job(ctx, db, id)
		if !errors.Is(err, store.ErrNotFound) {
			return s, err
		}
		time.Sleep(200 * time.Millisecond)
	}
	return "", store.ErrNotFound
}

// The twin: that package returns its sentinel on any failure.
func waitLease(ctx context.Context, db *sql.DB, id int) (string, error) { // want `retrier\(50 via retry loop\)`
	for i := 0; i < 50; i++ { // want `site loop "retry loop" 50 attempts`
		s, err := store.Lease(ctx, db, id)
		if !errors.Is(err, store.ErrUnavailable) {
			return s, err
		}
		time.Sleep(200 * time.Millisecond)
	}
	return "", store.ErrUnavailable
}
