package loops

import (
	"context"
	"database/sql"
	"time"
)

// A row read into a variable declared before the loop: the builder
// stores &s into Scan's variadic slice at the position of s's
// declaration, outside the loop, which must not hide the loop.
func readPlan(ctx context.Context, db *sql.DB) (string, error) { // want `retrier\(3 via retry loop\)`
	var s string
	var err error
	for attempt := 0; attempt < 3; attempt++ { // want `site loop "retry loop" 3 attempts`
		if err = db.QueryRowContext(ctx, "SELECT plan FROM tenants").Scan(&s); err == nil {
			return s, nil
		}
		time.Sleep(2 * time.Second)
	}
	return "", err
}

// Twin: each round scans the next row of one query, a cursor, no retry.
func readPlans(ctx context.Context, db *sql.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, "SELECT plan FROM tenants")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var s string
	var out []string
	for rows.Next() {
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
