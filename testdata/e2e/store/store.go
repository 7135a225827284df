// Package store is a data-access layer that retries on its own: callers
// in other packages learn that through facts.
package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/avast/retry-go/v4"
)

// Save retries the insert four times, with retry-go's default
// exponential, jittered delay.
func Save(ctx context.Context, db *sql.DB, id string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, "UPDATE orders SET state = 'paid' WHERE id = $1", id)
		return err
	}, retry.Context(ctx), retry.Attempts(4), retry.MaxDelay(2*time.Second))
}
