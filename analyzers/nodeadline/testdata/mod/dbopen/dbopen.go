// Package dbopen opens the databases its importers use. Its functions
// returning a handle opened with an embedded or self-bounded driver on
// every path carry an SQLHandleFact; the others do not.
package dbopen

import "database/sql"

// OpenCache opens this machine's SQLite cache.
func OpenCache(path string) (*sql.DB, error) { return sql.Open("sqlite3", path) } // want OpenCache:`sql-handle\(local or bounded\)`

// OpenMain opens the main database, a PostgreSQL server.
func OpenMain(dsn string) (*sql.DB, error) { return sql.Open("postgres", dsn) }

// OpenAny opens SQLite for a path and PostgreSQL for a URL: one path may
// reach a server.
func OpenAny(dsn string, url bool) (*sql.DB, error) {
	if url {
		return sql.Open("postgres", dsn)
	}
	return sql.Open("sqlite3", dsn)
}
