// Package pgxretry retries statements on a pgxpool.Pool: the pool's
// Acquire loop, which pings a pooled connection in a goroutine and picks
// another when the ping fails, is no retry layer.
package pgxretry

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func setBalance(ctx context.Context, pool *pgxpool.Pool, id, bal int64) error {
	var err error
	for i := 0; i < 3; i++ { // ok: one layer
		if _, err = pool.Exec(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", bal, id); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// save retries on its own.
func save(ctx context.Context, pool *pgxpool.Pool, id, bal int64) error {
	var err error
	for i := 0; i < 2; i++ {
		if _, err = pool.Exec(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", bal, id); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// The twin retries save, which retries: two layers.
func saveAll(ctx context.Context, pool *pgxpool.Pool, id, bal int64) error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop \(3 attempts\) calls save, which retries again: up to 6 calls`
		if err = save(ctx, pool, id, bal); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
