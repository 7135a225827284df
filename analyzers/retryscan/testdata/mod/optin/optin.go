// Package optin holds sethvargo/go-retry operations: go-retry retries
// only the errors wrapped in retry.RetryableError, so an operation none
// of whose returns can be one makes one attempt and is no retry site.
package optin

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"example.com/retryscantest/optin/retryx"
	"github.com/sethvargo/go-retry"
)

func policy() retry.Backoff { return retry.WithMaxRetries(4, retry.NewConstant(time.Second)) }

type store struct {
	db   *sql.DB
	get  func(ctx context.Context, k string) (string, error)
	load func(ctx context.Context, k string) (string, error)
}

func newStore(db *sql.DB) *store {
	s := &store{db: db}
	s.get = s.query
	s.load = s.retryableQuery
	return s
}

func (s *store) retryableQuery(ctx context.Context, k string) (string, error) {
	v, err := s.query(ctx, k)
	if err != nil {
		return "", retry.RetryableError(err)
	}
	return v, nil
}

func (s *store) query(ctx context.Context, k string) (v string, err error) {
	err = s.db.QueryRowContext(ctx, "select v from kv where k = $1", k).Scan(&v)
	return v, err
}

func (s *store) ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// One attempt: the errors are database/sql's, net/http's, and made here.
func (s *store) plain(ctx context.Context, url, k string) {
	var out string
	retry.Do(ctx, policy(), func(ctx context.Context) error {
		return s.db.QueryRowContext(ctx, "select v from kv where k = $1", k).Scan(&out)
	})
	retry.Do(ctx, policy(), func(ctx context.Context) error {
		resp, err := http.Get(url)
		if err != nil {
			return fmt.Errorf("get %s: %w", url, err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return ctx.Err()
	})
	retry.DoValue(ctx, policy(), func(ctx context.Context) (int, error) {
		resp, err := http.Get(url)
		if err != nil {
			return 0, err
		}
		return resp.StatusCode, resp.Body.Close()
	})
	// Through a function field every write of which is a method of the
	// package, an operation given by name, another package's function
	// that only wraps what it is given.
	retry.Do(ctx, policy(), func(ctx context.Context) error {
		v, err := s.get(ctx, k)
		out = v
		return err
	})
	retry.Do(ctx, policy(), s.ping)
	retry.Do(ctx, policy(), func(ctx context.Context) error {
		return filepath.WalkDir(os.TempDir(), func(path string, d fs.DirEntry, err error) error {
			return err
		})
	})
	retry.Do(ctx, policy(), func(ctx context.Context) error {
		_, err := http.Get(url)
		return retryx.Wrap("get", err)
	})
}

func classify(err error) error {
	if err != nil {
		return retry.RetryableError(err)
	}
	return nil
}

type getter interface {
	Get(ctx context.Context, k string) (string, error)
}

// The twins that retry: a retryable error made here, by a helper of the
// package, by one of another package (its fact), or wrapped around one;
// an error from where the code is not seen (handed in, an interface of
// the program, a function value from a parameter).
func retrying(ctx context.Context, url string, prev error, g getter, f func(context.Context) error) { // want `retrier\(5 via retry.Do\)` `wrapper\(param=4, 5 attempts via retry.Do\)`
	retry.Do(ctx, policy(), func(ctx context.Context) error { // want `site library "retry.Do" 5 attempts ctx`
		resp, err := http.Get(url)
		if err != nil {
			return retry.RetryableError(err)
		}
		return resp.Body.Close()
	})
	retry.Do(ctx, policy(), func(ctx context.Context) error { // want `site library "retry.Do" 5 attempts ctx`
		_, err := http.Get(url)
		return classify(err)
	})
	retry.Do(ctx, policy(), func(ctx context.Context) error { // want `site library "retry.Do" 5 attempts ctx`
		_, err := http.Get(url)
		return retryx.Classify(err)
	})
	retry.Do(ctx, policy(), func(ctx context.Context) error { // want `site library "retry.Do" 5 attempts ctx`
		_, err := http.Get(url)
		return retryx.Mark(err)
	})
	retry.Do(ctx, policy(), func(ctx context.Context) error { // want `site library "retry.Do" 5 attempts ctx`
		_, err := http.Get(url)
		return retryx.Wrap("get", classify(err))
	})
	retry.Do(ctx, policy(), func(ctx context.Context) error { return prev }) // want `site library "retry.Do" 5 attempts ctx`
	retry.Do(ctx, policy(), func(ctx context.Context) error {                // want `site library "retry.Do" 5 attempts ctx`
		_, err := g.Get(ctx, url)
		return err
	})
	retry.Do(ctx, policy(), func(ctx context.Context) error { return f(ctx) }) // want `site library "retry.Do" 5 attempts ctx`
	retry.Do(ctx, policy(), f)                                                 // want `site library "retry.Do" 5 attempts ctx`
}

// More twins that retry: a function field set to a method that makes a
// retryable error, a function whose error a callee hands back, an
// interface method given by name.
func (s *store) retrying(ctx context.Context, k string, p driver.Pinger) { // want `retrier\(5 via retry.Do\)`
	retry.Do(ctx, policy(), func(ctx context.Context) error { // want `site library "retry.Do" 5 attempts ctx`
		_, err := s.load(ctx, k)
		return err
	})
	retry.Do(ctx, policy(), func(ctx context.Context) error { // want `site library "retry.Do" 5 attempts ctx`
		return filepath.WalkDir(os.TempDir(), func(path string, d fs.DirEntry, err error) error {
			return retry.RetryableError(err)
		})
	})
	retry.Do(ctx, policy(), p.Ping) // want `site library "retry.Do" 5 attempts ctx`
}
