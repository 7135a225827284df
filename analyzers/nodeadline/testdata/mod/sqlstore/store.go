// Package sqlstore keeps messages in SQLite, or in rqlite when the
// database is a URL: neither driver can wait forever on a peer. The
// program's main registers the drivers (import _
// "github.com/mattn/go-sqlite3" registers "sqlite3", a file on this
// machine); the store names them.
package sqlstore

import (
	"context"
	"database/sql"
	"strings"
)

var (
	db     *sql.DB
	driver string
)

// Open opens the database, a file path or an rqlite URL.
func Open(dsn string) (err error) {
	driver = "sqlite3"
	if strings.HasPrefix(dsn, "http") {
		driver = "rqlite" // github.com/rqlite/gorqlite/stdlib: a 10 s client timeout
	}
	db, err = sql.Open(driver, dsn)
	return err
}

// Store writes a message in a transaction.
func Store(id string, body []byte) error {
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil) // ok: an embedded engine, or a driver with a timeout
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO m VALUES (?, ?)", id, body); err != nil { // ok: the same handle
		return err
	}
	return tx.Commit()
}

// Count counts the messages.
func Count() (n int, err error) {
	err = db.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM m").Scan(&n) // ok
	return n, err
}

// Cache is a second database, opened where it is used.
func Cache(path, key string) (string, error) {
	c, err := sql.Open("sqlite3", path)
	if err != nil {
		return "", err
	}
	defer c.Close()
	var v string
	err = c.QueryRowContext(context.Background(), "SELECT v FROM kv WHERE k = ?", key).Scan(&v) // ok
	return v, err
}

// The twins: a handle from a caller, and a driver named by the caller,
// may talk to a server.

// Purge deletes old messages of a database it is given.
func Purge(h *sql.DB) error {
	_, err := h.ExecContext(context.Background(), "DELETE FROM m") // want `context.Background\(\) reaches h.ExecContext \(an SQL call\) with no deadline`
	return err
}

// OpenAs opens a database with the driver the caller names.
func OpenAs(name, dsn string) error {
	h, err := sql.Open(name, dsn)
	if err != nil {
		return err
	}
	return h.PingContext(context.Background()) // want `context.Background\(\) reaches h.PingContext \(an SQL call\) with no deadline`
}
