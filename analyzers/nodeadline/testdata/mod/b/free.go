package b

import "database/sql"

// Ping checks the database with no context: importers' retry attempts
// that call it cannot bound it.
func Ping(db *sql.DB) error { // want Ping:`free\(via DB.Ping\)`
	return db.Ping()
}
