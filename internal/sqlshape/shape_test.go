package sqlshape

import "testing"

// TestReadSQL checks the statement reader on each shape it reports and on
// the look-alike it must not report.
func TestReadSQL(t *testing.T) {
	for _, tc := range []struct {
		sql   string
		twice string // "" when the statement may run twice
	}{
		// Relative updates and their look-alikes.
		{"UPDATE accounts SET balance = balance - $1 WHERE id = $2", "debits twice"},
		{"update accounts set balance = $1 + balance where id = $2", "adds twice"},
		{"UPDATE public.accounts AS a SET balance = (a.balance - ?) WHERE a.id = ?", "debits twice"},
		{"UPDATE counters SET n = COALESCE(n, 0) + 1 WHERE k = $1", "adds twice"},
		{"UPDATE posts SET tags = array_append(tags, $1) WHERE id = $2", "appends twice"},
		{"UPDATE notes SET body = body || $1 WHERE id = $2", "appends twice"},
		{"UPDATE accounts SET balance = balance - $1 WHERE id = $2 AND balance >= $1", "debits twice"},
		{"UPDATE accounts SET balance = balance - $1 WHERE id = $2 OR version = $3", "debits twice"},
		{"UPDATE accounts SET balance = $1 WHERE id = $2", ""},
		{"UPDATE accounts SET balance = COALESCE(balance, $1) WHERE id = $2", ""},
		{"UPDATE accounts SET hi = GREATEST(hi, $1) WHERE id = $2", ""},
		{"UPDATE t SET c = CASE WHEN c IS NULL THEN $1 ELSE c END", ""},
		{"UPDATE accounts SET balance = other.balance - 1 FROM other WHERE other.id = accounts.id", ""},
		{"UPDATE docs SET body = $1, version = version + 1 WHERE id = $2 AND version = $3", ""},
		{"UPDATE docs SET n = n + 1, status = 'done' WHERE id = $1 AND status = 'open'", ""},
		{"UPDATE -- the counter\n jobs /* x */ SET tries = tries + 1", "adds twice"},
		// Inserts.
		{"INSERT INTO orders (id, total) VALUES ($1, $2)", "inserts the row twice"},
		{"insert into orders select * from cart where user_id = ?", "inserts the row twice"},
		{"INSERT INTO orders (id) VALUES ($1) ON CONFLICT DO NOTHING", ""},
		{"INSERT INTO orders (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET total = EXCLUDED.total", ""},
		{"INSERT INTO stock (sku, n) VALUES ($1, $2) ON CONFLICT (sku) DO UPDATE SET n = stock.n + EXCLUDED.n", "adds to the row twice"},
		{"INSERT INTO stock AS s (sku, n) VALUES ($1, $2) ON CONFLICT (sku) DO UPDATE SET n = s.n + 1", "adds to the row twice"},
		{"INSERT INTO t (k, n) VALUES (?, ?) ON DUPLICATE KEY UPDATE n = VALUES(n)", ""},
		{"INSERT INTO t (k, n) VALUES (?, ?) ON DUPLICATE KEY UPDATE n = n + VALUES(n)", "adds to the row twice"},
		{"INSERT IGNORE INTO t (k) VALUES (?)", ""},
		{"INSERT OR REPLACE INTO t (k) VALUES (?)", ""},
		{"INSERT INTO t (k) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM t WHERE k = $1)", ""},
		{"INSERT INTO t (note) VALUES ('ON CONFLICT DO NOTHING')", "inserts the row twice"},
		{"INSERT INTO t (note) VALUES ($$ on conflict do nothing $$)", "inserts the row twice"},
		{"WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x", "inserts the row twice"},
		// Deletes.
		{"DELETE FROM jobs WHERE done ORDER BY id LIMIT 100", "deletes twice as many rows"},
		{"DELETE FROM jobs WHERE id = $1", ""},
		{"DELETE FROM jobs WHERE id IN (SELECT id FROM jobs LIMIT 1)", ""},
		// Everything else.
		{"SELECT balance - 1 FROM accounts", ""},
		{"REPLACE INTO t (k) VALUES (?)", ""},
		{"MERGE INTO t USING s ON t.k = s.k WHEN NOT MATCHED THEN INSERT VALUES (s.k)", ""},
		{"BEGIN; UPDATE a SET n = n + 1; COMMIT", "adds twice"},
		{"", ""},
		{"UPDATE", ""},
		{"INSERT INTO", ""},
	} {
		if got := Twice([]Piece{{Text: tc.sql}}); got != tc.twice {
			t.Errorf("Twice(%q) = %q, want %q", tc.sql, got, tc.twice)
		}
	}
}

// TestReadSQLHoles: a piece not known at compile time may stand for a
// table name only; anywhere else it might hold the clause that makes the
// statement safe.
func TestReadSQLHoles(t *testing.T) {
	for _, tc := range []struct {
		pieces []Piece
		twice  string
	}{
		{[]Piece{{Text: "INSERT INTO "}, {Hole: true}, {Text: " (id) VALUES ($1)"}}, "inserts the row twice"},
		{[]Piece{{Text: "INSERT INTO t (id) VALUES ($1) "}, {Hole: true}}, ""},
		{[]Piece{{Text: "UPDATE "}, {Hole: true}, {Text: " SET n = n + 1 WHERE id = $1"}}, "adds twice"},
		{[]Piece{{Text: "UPDATE t SET n = n + 1 WHERE "}, {Hole: true}}, ""},
	} {
		if got := Twice(tc.pieces); got != tc.twice {
			t.Errorf("Twice(%v) = %q, want %q", tc.pieces, got, tc.twice)
		}
	}
	if got, want := Display([]Piece{{Text: "UPDATE "}, {Hole: true}, {Text: "\n\tSET n = n + 1"}}), "UPDATE ... SET n = n + 1"; got != want {
		t.Errorf("display = %q, want %q", got, want)
	}
}
