// Package pgstore is sqlstore on PostgreSQL: the same calls wait on a
// server that can stop answering.
package pgstore

import (
	"context"
	"database/sql"

	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx": a server
)

var db *sql.DB

// Open opens the database.
func Open(dsn string) (err error) {
	db, err = sql.Open("pgx", dsn)
	return err
}

// Store writes a message in a transaction.
func Store(id string, body []byte) error {
	ctx := context.Background()
	tx, err := db.BeginTx(ctx, nil) // want `context.Background\(\) reaches db.BeginTx \(an SQL call\) with no deadline`
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO m VALUES ($1, $2)", id, body); err != nil { // want `context.Background\(\) reaches tx.ExecContext`
		return err
	}
	return tx.Commit()
}

// Mixed opens SQLite or PostgreSQL: one of them is a server.
func Mixed(local bool, dsn string) error {
	name := "pgx"
	if local {
		name = "sqlite3"
	}
	h, err := sql.Open(name, dsn)
	if err != nil {
		return err
	}
	return h.PingContext(context.Background()) // want `context.Background\(\) reaches h.PingContext`
}
