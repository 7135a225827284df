// Package sqlshape reads SQL statements, just far enough to tell whether
// running one twice does what running it once does: a plain INSERT
// inserts the row twice, UPDATE t SET n = n + 1 adds twice, an INSERT with
// ON CONFLICT DO NOTHING or UPDATE t SET n = 5 does not.
//
// It is a tokenizer and a few small readers of statement shapes, not a
// parser: anything it does not recognize is "not shown to be
// non-idempotent", so callers report nothing for it. A statement is given
// as Pieces: constant text as written in Go, and holes for operands of a
// concatenation whose value is not known at compile time.
package sqlshape
