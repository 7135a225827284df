package a

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"time"

	"example.com/nodeadlinetest/b"
)

// A context-free database/sql call one or two functions below a retry
// attempt (kine's OpenDB retrying openAndTest).

var errGiveUp = errors.New("give up")

func openAndTest(c driver.Connector) (*sql.DB, error) {
	db := sql.OpenDB(c)
	return db, db.Ping() // ok here: outside a retry site it is the author's choice
}

func openRetried(ctx context.Context, c driver.Connector) (*sql.DB, error) {
	for range 300 {
		db, err := openAndTest(c) // want `^openAndTest makes an SQL call without a context via openAndTest -> DB.Ping: every attempt of the retry loop in [\w.]+ can wait as long as the database does and nothing can cancel it; pass the attempt's context down and use PingContext with a deadline$`
		if err == nil {
			return db, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, errGiveUp
}

func openOnce(c driver.Connector) (*sql.DB, error) {
	return openAndTest(c) // ok: no retry
}

func openAndTestCtx(ctx context.Context, c driver.Connector) (*sql.DB, error) { // want openAndTestCtx:`reaches\(param 0 via DB.PingContext\)`
	db := sql.OpenDB(c)
	return db, db.PingContext(ctx)
}

func openRetriedCtx(ctx context.Context, c driver.Connector) (*sql.DB, error) { // want openRetriedCtx:`reaches\(param 0 via openAndTestCtx -> DB.PingContext, retried\)`
	for {
		db, err := openAndTestCtx(ctx, c) // ok: the helper passes the attempt's context on
		if err == nil || ctx.Err() != nil {
			return db, err
		}
		time.Sleep(time.Second)
	}
}

// openLocal opens SQLite (mattn/go-sqlite3's "sqlite3"): a file on this
// machine.
func openLocal(path string) (*sql.DB, error) {
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		return nil, err
	}
	return db, db.Ping()
}

func openLocalRetried(path string) (db *sql.DB, err error) {
	for range 3 {
		if db, err = openLocal(path); err == nil { // ok: an embedded engine does not wait on a peer
			return db, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

func ping1(db *sql.DB) error { return db.Ping() }
func ping2(db *sql.DB) error { return ping1(db) }
func ping3(db *sql.DB) error { return ping2(db) }

func pingRetried(db *sql.DB) (err error) {
	for range 3 {
		if err = ping2(db); err == nil { // want `ping2 makes an SQL call without a context via ping2 -> ping1 -> DB.Ping`
			return nil
		}
		if err = ping3(db); err == nil { // ok: three helpers down, past the cap
			return nil
		}
		if err = b.Ping(db); err == nil { // want `b.Ping makes an SQL call without a context via b.Ping -> DB.Ping`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// setupSchema runs statements on a handle its caller opened (kine's
// SQLite setup): the driver is the caller's, which the helper cannot
// see, so its attempt is not reported through it.
func setupSchema(db *sql.DB, stmts []string) error {
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			return err
		}
	}
	return nil
}

func setupRetried(ctx context.Context, path string, stmts []string) error {
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		return err
	}
	for range 5 {
		if err = setupSchema(db, stmts); err == nil { // ok: the caller's handle, SQLite here
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// openThenPing retries the open (openRetried) and then pings once with
// no context: its callers call a function that retries inside, but the
// Ping is not part of any attempt (kine's sqlite.NewVariant).
func openThenPing(ctx context.Context, c driver.Connector) error {
	db, err := openRetried(ctx, c)
	if err != nil {
		return err
	}
	return db.Ping()
}

func callsOpenThenPing(ctx context.Context, c driver.Connector) error {
	return openThenPing(ctx, c) // ok: the Ping after the retry is not retried
}
