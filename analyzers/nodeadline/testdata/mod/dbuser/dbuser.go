// Package dbuser queries handles opened by another package.
package dbuser

import (
	"context"

	"example.com/nodeadlinetest/dbopen"
)

func CacheSize(path string) (n int, err error) {
	db, err := dbopen.OpenCache(path)
	if err != nil {
		return 0, err
	}
	err = db.QueryRowContext(context.Background(), "SELECT count(*) FROM c").Scan(&n) // ok: SQLite, a file on this machine
	return n, err
}

func Users(dsn string) (n int, err error) {
	db, err := dbopen.OpenMain(dsn)
	if err != nil {
		return 0, err
	}
	err = db.QueryRowContext(context.Background(), "SELECT count(*) FROM u").Scan(&n) // want `context.Background\(\) reaches db.QueryRowContext \(an SQL call\) with no deadline`
	return n, err
}

func Rows(dsn string) (n int, err error) {
	db, err := dbopen.OpenAny(dsn, true)
	if err != nil {
		return 0, err
	}
	err = db.QueryRowContext(context.Background(), "SELECT count(*) FROM r").Scan(&n) // want `context.Background\(\) reaches db.QueryRowContext \(an SQL call\) with no deadline`
	return n, err
}
