// Package db retries SQL statements, some of which must not run twice.
package db

import (
	"context"
	"database/sql"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/nonidemtest/ops"
)

const debit = "UPDATE accounts SET balance = balance - $1"

const byID = " WHERE id = $2"

func relativeUpdate(ctx context.Context, db *sql.DB, id string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, debit, 100, id) // want `retry wraps "UPDATE accounts SET balance = balance - \$1": running it twice debits twice; make the statement idempotent or retry the whole transaction`
		return err
	})
}

func folded(ctx context.Context, db *sql.DB, id string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, debit+byID, 100, id) // want `retry wraps "UPDATE accounts SET balance = balance - \$1 WHERE id = \$2": running it twice debits twice`
		return err
	})
}

func concatenated(ctx context.Context, db *sql.DB, table, id string) error {
	q := "UPDATE " + table + " SET visits = visits + 1 WHERE id = $1"
	var err error
	for i := 0; i < 3; i++ {
		if _, err = db.ExecContext(ctx, q, id); err == nil { // want `retry wraps "UPDATE ... SET visits = visits \+ 1 WHERE id = \$1": running it twice adds twice`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func insert(db *sql.DB, id string) error {
	return backoff.Retry(func() error {
		_, err := db.Exec(`INSERT INTO orders (id, total) VALUES ($1, 10)`, id) // want `retry wraps "INSERT INTO orders \(id, total\) VALUES \(\$1, 10\)": running it twice inserts the row twice`
		return err
	}, backoff.NewExponentialBackOff())
}

const addStock = `
	INSERT INTO stock (sku, n) VALUES ($1, 1)
	ON CONFLICT (sku) DO UPDATE SET n = stock.n + EXCLUDED.n`

func relativeUpsert(ctx context.Context, pool *pgxpool.Pool, sku string) error {
	return retry.Do(func() error {
		_, err := pool.Exec(ctx, addStock, sku) // want `retry wraps "INSERT INTO stock \(sku, n\) VALUES \(\$1, 1\) ON CONFLICT \(sku\) \.\.\.": running it twice adds to the row twice`
		return err
	})
}

func deleteLimit(ctx context.Context, conn *pgx.Conn) error {
	return retry.Do(func() error {
		_, err := conn.Exec(ctx, "DELETE FROM jobs WHERE done ORDER BY id LIMIT 100") // want `running it twice deletes twice as many rows`
		return err
	})
}

func prepared(ctx context.Context, db *sql.DB, id string) error {
	stmt, err := db.PrepareContext(ctx, "INSERT INTO events (id) VALUES ($1)")
	if err != nil {
		return err
	}
	defer stmt.Close()
	return retry.Do(func() error {
		_, err := stmt.ExecContext(ctx, id) // want `retry wraps "INSERT INTO events \(id\) VALUES \(\$1\)": running it twice inserts the row twice`
		return err
	})
}

// viaFacts: functions of another package that run statements.
func viaFacts(ctx context.Context, db *sql.DB, id string) error {
	return retry.Do(func() error {
		if err := ops.Debit(ctx, db, id, 100); err != nil { // want `retry wraps ops.Debit, which runs "UPDATE accounts SET balance = balance - \$1 WHERE id = \$2": running it twice debits twice`
			return err
		}
		return ops.SetBalance(ctx, db, id, 100)
	})
}

// localChain: a helper of this package, two calls down.
func localChain(ctx context.Context, db *sql.DB) error {
	return retry.Do(func() error { return record(ctx, db) }) // want `retry wraps record, which runs "INSERT INTO audit \(at\) VALUES \(now\(\)\)" \(via record -> insertAudit\): running it twice inserts the row twice`
}

func record(ctx context.Context, db *sql.DB) error { // want record:`nonidempotent\(INSERT INTO audit \(at\) VALUES \(now\(\)\) via insertAudit\)`
	return insertAudit(ctx, db)
}

func insertAudit(ctx context.Context, db *sql.DB) error { // want insertAudit:`nonidempotent\(INSERT INTO audit`
	_, err := db.ExecContext(ctx, "INSERT INTO audit (at) VALUES (now())")
	return err
}

// txStatement: one statement of a transaction begun before the retry.
func txStatement(ctx context.Context, db *sql.DB, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	err = retry.Do(func() error {
		_, err := tx.ExecContext(ctx, "UPDATE accounts SET frozen = true WHERE id = $1", id) // want `retry wraps tx.ExecContext of a transaction begun outside the attempt: a deadlock or serialization failure aborts the whole transaction, and repeating one statement does not redo the others; begin and commit the transaction inside the attempt`
		return err
	})
	if err != nil {
		return err
	}
	return tx.Commit()
}

func pgxTxStatement(ctx context.Context, pool *pgxpool.Pool, id string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	for i := 0; i < 3; i++ {
		if _, err = tx.Exec(ctx, "UPDATE accounts SET balance = balance + $1 WHERE id = $2", 5, id); err == nil { // want `retry wraps "UPDATE accounts SET balance = balance \+ \$1 WHERE id = \$2": running it twice adds twice`
			break
		}
		time.Sleep(time.Second)
	}
	return tx.Commit(ctx)
}

// Must not report: the whole transaction is retried.
func wholeTx(ctx context.Context, db *sql.DB, id string) error {
	return retry.Do(func() error {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if _, err := tx.ExecContext(ctx, "UPDATE accounts SET balance = balance - $1 WHERE id = $2", 100, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO ledger (id) VALUES ($1)", id); err != nil {
			return err
		}
		return tx.Commit()
	})
}

func wholePgxTx(ctx context.Context, pool *pgxpool.Pool) error {
	return retry.Do(func() error {
		return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, "INSERT INTO ledger (id) VALUES (1)")
			return err
		})
	})
}

// Must not report: idempotent statements.
func idempotent(ctx context.Context, db *sql.DB, conn *pgx.Conn, id string) error {
	return retry.Do(func() error {
		if _, err := db.ExecContext(ctx, "UPDATE accounts SET balance = $1 WHERE id = $2", 100, id); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1) ON CONFLICT DO NOTHING", id); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, "UPDATE docs SET body = $1, version = version + 1 WHERE id = $2 AND version = $3", "x", id, 3); err != nil {
			return err
		}
		if _, err := conn.Exec(ctx, "DELETE FROM jobs WHERE id = $1", id); err != nil {
			return err
		}
		_, err := db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET total = EXCLUDED.total", id)
		return err
	})
}

// Must not report: a statement whose text is not known here.
func dynamic(ctx context.Context, db *sql.DB, q string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, q)
		return err
	})
}

// Must not report: a non-idempotent statement outside any retry.
func once(ctx context.Context, db *sql.DB, id string) error { // want once:`nonidempotent\(UPDATE accounts SET balance = balance - \$1\)`
	_, err := db.ExecContext(ctx, debit, 100, id)
	return err
}

// The statement comes from a helper of the package, or from an
// unexported field only the constructor sets: the engine reads both.
func auditSQL() string { return "INSERT INTO audit (id) VALUES ($1)" }

type store struct {
	db     *sql.DB
	insert string
}

func newStore(db *sql.DB) *store {
	return &store{db: db, insert: "INSERT INTO events (id) VALUES ($1)"}
}

func fromHelper(ctx context.Context, db *sql.DB, id string) error {
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, auditSQL(), id) // want `retry wraps "INSERT INTO audit \(id\) VALUES \(\$1\)": running it twice inserts the row twice`
		return err
	})
}

func (s *store) fromField(ctx context.Context, id string) error {
	return retry.Do(func() error {
		_, err := s.db.ExecContext(ctx, s.insert, id) // want `retry wraps "INSERT INTO events \(id\) VALUES \(\$1\)": running it twice`
		return err
	})
}

// Must not report: the helper's statement is idempotent, and a
// statement assigned two values is not read.
func setSQL() string { return "UPDATE accounts SET frozen = true WHERE id = $1" }

func fromHelperIdempotent(ctx context.Context, db *sql.DB, id string, archive bool) error {
	q := "INSERT INTO events (id) VALUES ($1)"
	if archive {
		q = "INSERT INTO archive (id) VALUES ($1) ON CONFLICT DO NOTHING"
	}
	return retry.Do(func() error {
		if _, err := db.ExecContext(ctx, setSQL(), id); err != nil {
			return err
		}
		_, err := db.ExecContext(ctx, q, id)
		return err
	})
}

// A transaction begun by a helper: inside the attempt, the whole
// transaction is retried; before it, one statement is.
func begin(ctx context.Context, db *sql.DB) (*sql.Tx, error) { return db.BeginTx(ctx, nil) }

func helperTxInside(ctx context.Context, db *sql.DB, id string) error {
	return retry.Do(func() error {
		tx, err := begin(ctx, db)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if _, err := tx.ExecContext(ctx, "UPDATE accounts SET frozen = true WHERE id = $1", id); err != nil {
			return err
		}
		return tx.Commit()
	})
}

func helperTxBefore(ctx context.Context, db *sql.DB, id string) error {
	tx, err := begin(ctx, db)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	err = retry.Do(func() error {
		_, err := tx.ExecContext(ctx, "UPDATE accounts SET frozen = true WHERE id = $1", id) // want `retry wraps tx.ExecContext of a transaction begun outside the attempt`
		return err
	})
	if err != nil {
		return err
	}
	return tx.Commit()
}

// inGoroutine retries in a goroutine it starts: the retry is as real as
// one in the function's own body.
func inGoroutine(ctx context.Context, db *sql.DB, id string) {
	go func() {
		for i := 0; i < 3; i++ {
			if _, err := db.ExecContext(ctx, debit+byID, 100, id); err == nil { // want `retry wraps "UPDATE accounts SET balance = balance - \$1 WHERE id = \$2": running it twice debits twice`
				return
			}
			time.Sleep(time.Second)
		}
	}()
}
