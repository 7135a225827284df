// Package store returns its own sentinel on a missing row, the way a
// service's storage layer does; the loops of package absence go round
// on it.
package store

import (
	"context"
	"database/sql"
	"errors"
)

// ErrNotFound is returned only when the row is missing.
var ErrNotFound = errors.New("not found")

// ErrUnavailable is returned on a missing row and on any other failure:
// it says nothing of absence.
var ErrUnavailable = errors.New("not found or unavailable")

// Job reads a job's state.
func Job(ctx context.Context, db *sql.DB, id int) (string, error) {
	var s string
	err := db.QueryRowContext(ctx, "SELECT state FROM jobs WHERE id = $1", id).Scan(&s)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	return s, err
}

// Lease reads a lease.
func Lease(ctx context.Context, db *sql.DB, id int) (string, error) {
	var s string
	if err := db.QueryRowContext(ctx, "SELECT owner FROM leases WHERE id = $1", id).Scan(&s); err != nil {
		return "", ErrUnavailable
	}
	return s, nil
}
