// Package absence holds error variables that mean "not found" (the
// package produces them only where a test says so) and their twins.
package absence

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
)

// Returned on the branch of a 404.
var errNotFound = errors.New("not found") // want `absence`

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

// Returned after the early return of every status but 404, and in the
// 404 case of a switch.
var ErrNoObject = fmt.Errorf("no such object") // want `absence`

func head(resp *http.Response) error {
	if resp.StatusCode != http.StatusNotFound {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return ErrNoObject
}

func stat(resp *http.Response) error {
	switch resp.StatusCode {
	case http.StatusOK:
		return nil
	case http.StatusNotFound:
		return ErrNoObject
	}
	return errors.New(resp.Status)
}

// A missing row, wrapped by an unexported helper called only there.
var ErrNoJob = errors.New("no such job") // want `absence`

func noJob(id int) error { return fmt.Errorf("%w: %d", ErrNoJob, id) }

func job(ctx context.Context, db *sql.DB, id int) (string, error) {
	var s string
	err := db.QueryRowContext(ctx, "SELECT state FROM jobs WHERE id = $1", id).Scan(&s)
	if errors.Is(err, sql.ErrNoRows) {
		return "", noJob(id)
	}
	return s, err
}

// Produced on the branch of another absence sentinel of the package,
// and through a predicate of the package.
var ErrUnknownJob = errors.New("unknown job") // want `absence`

func describe(ctx context.Context, db *sql.DB, id int) error {
	_, err := job(ctx, db, id)
	if err != nil && errors.Is(err, ErrNoJob) {
		return ErrUnknownJob
	}
	return err
}

var errNoFile = errors.New("no file") // want `absence`

func missing(err error) bool { return err != nil && errors.Is(err, fs.ErrNotExist) }

func read(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if missing(err) {
		return nil, errNoFile
	}
	return b, err
}

// Under a 404, a test of something else than an error does not change
// what the branch says.
var errNoSuchBlob = errors.New("no such blob") // want `absence`

func blob(resp *http.Response, body []byte) error {
	if resp.StatusCode == http.StatusNotFound {
		if len(body) > 0 {
			return fmt.Errorf("%w: %s", errNoSuchBlob, body)
		}
		return errNoSuchBlob
	}
	return nil
}

// The twins.

// Under a missing file, but answering the failure of another call.
var errUnavailable = errors.New("unavailable")

func config(ctx context.Context, path, url string) error {
	_, err := os.Stat(path)
	if os.IsNotExist(err) {
		if err := get(ctx, url); err != nil {
			return errUnavailable
		}
	}
	return nil
}

// Also returned on a 5xx: a failure of the service.
var errGone = errors.New("gone")

func fetch(resp *http.Response) error {
	if resp.StatusCode == http.StatusNotFound {
		return errGone
	}
	if resp.StatusCode >= 500 {
		return errGone
	}
	return nil
}

// 404 or 503: the branch does not say "not found".
var errMissing = errors.New("not found")

func either(resp *http.Response) error {
	if resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusServiceUnavailable {
		return errMissing
	}
	return nil
}

// Its name and message say "not found", but the package never produces
// it: where it comes from cannot be seen.
var ErrKeyNotFound = errors.New("key not found")

func isKeyNotFound(err error) bool { return errors.Is(err, ErrKeyNotFound) }

// Produced on 404, but assigned again elsewhere.
var errNoBucket = errors.New("no bucket")

func bucket(resp *http.Response) error {
	if resp.StatusCode == http.StatusNotFound {
		return errNoBucket
	}
	return nil
}

func reset() { errNoBucket = errors.New("bucket: not found") }

// Wraps another error, which errors.Is sees through.
var errLookup = fmt.Errorf("lookup: %w", context.DeadlineExceeded)

func lookup(resp *http.Response) error {
	if resp.StatusCode == http.StatusNotFound {
		return errLookup
	}
	return nil
}

// The helper is also called where nothing says "not found".
var errNoUser = errors.New("no such user")

func noUser() error { return errNoUser }

func user(ctx context.Context, db *sql.DB) error {
	err := db.QueryRowContext(ctx, "SELECT 1").Scan()
	if errors.Is(err, sql.ErrNoRows) {
		return noUser()
	}
	if err != nil {
		return noUser()
	}
	return nil
}

// Made in a table, not on a branch.
var errNoPage = errors.New("no page")

var byStatus = map[int]error{http.StatusNotFound: errNoPage}

// A predicate that is true on more than "not found".
var errNoDir = errors.New("no dir")

func gone(err error) bool { return errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) }

func dir(path string) error {
	_, err := os.Stat(path)
	if gone(err) {
		return errNoDir
	}
	return err
}

// A percent sign written twice before a w is text: the format wraps
// nothing.
var errNoShard = fmt.Errorf("no shard (100%%wide)") // want `absence`

func shard(resp *http.Response) error {
	if resp.StatusCode == http.StatusNotFound {
		return errNoShard
	}
	return nil
}

// An indexed %w wraps its argument, which errors.Is sees through.
var errNoIndex = fmt.Errorf("no index: %[1]w", context.Canceled)

func index(resp *http.Response) error {
	if resp.StatusCode == http.StatusNotFound {
		return errNoIndex
	}
	return nil
}
