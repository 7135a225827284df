package sqlshape

import (
	"strings"
)

// Twice says what running a statement twice does that running it once
// does not ("inserts the row twice", "adds twice"), or "" when the
// statement is idempotent or cannot be read. A text of several
// statements is read statement by statement.
func Twice(pieces []Piece) string {
	if f := read(pieces); f != nil {
		return f.twice
	}
	return ""
}

// sqlFinding says why a statement must not run twice: the clause at
// fault, for the message, and what a second run does.
type sqlFinding struct {
	twice string // "debits twice"
}

// read returns what is wrong with running the statement twice, or nil
// when it is idempotent or cannot be read. A text of several statements
// is read statement by statement.
func read(pieces []Piece) *sqlFinding {
	toks := tokenize(pieces)
	start := 0
	for i := 0; i <= len(toks); i++ {
		if i == len(toks) || (toks[i].punct(";") && toks[i].depth == 0) {
			if f := readStatement(toks[start:i]); f != nil {
				return f
			}
			start = i + 1
		}
	}
	return nil
}

// readStatement reads one statement. A WITH clause is skipped: its
// queries sit inside parentheses, and the statement proper is the first
// top-level INSERT, UPDATE, DELETE or SELECT after it.
func readStatement(toks []sqlTok) *sqlFinding {
	if len(toks) == 0 {
		return nil
	}
	with := toks[0].is("WITH")
	for i, t := range toks {
		if t.depth != 0 || t.kind != tWord {
			continue
		}
		switch strings.ToUpper(t.text) {
		case "INSERT":
			return readInsert(toks[i:])
		case "UPDATE":
			return readUpdate(toks[i:])
		case "DELETE":
			return readDelete(toks[i:])
		case "SELECT", "MERGE", "VALUES", "TABLE":
			return nil
		}
		if !with {
			return nil // REPLACE, UPSERT, CALL, DDL, ...
		}
	}
	return nil
}

// readInsert: an INSERT is not idempotent unless it says what to do
// when the row is already there:
//
//	INSERT INTO orders (id, total) VALUES ($1, $2)                          -- reported
//	INSERT INTO orders (id, total) VALUES ($1, $2) ON CONFLICT DO NOTHING   -- fine
//	INSERT IGNORE INTO orders ...; INSERT OR REPLACE INTO orders ...         -- fine
//	INSERT INTO orders SELECT ... WHERE NOT EXISTS (...)                     -- fine
//	INSERT INTO stock (sku, n) VALUES ($1, $2)
//	    ON CONFLICT (sku) DO UPDATE SET n = stock.n + EXCLUDED.n             -- reported: relative upsert
//
// An unknown piece (a hole) is allowed only as the table name: anywhere
// else it might be the conflict clause.
func readInsert(toks []sqlTok) *sqlFinding {
	if len(toks) > 1 && (toks[1].is("IGNORE") || toks[1].is("OR") && len(toks) > 2 && (toks[2].is("IGNORE") || toks[2].is("REPLACE"))) {
		return nil
	}
	i := 1
	for i < len(toks) && !toks[i].is("INTO") {
		i++
	}
	table, alias, next := readTableName(toks, i+1)
	for j := next; j < len(toks); j++ {
		t := toks[j]
		if t.kind == tHole {
			return nil
		}
		if t.depth != 0 {
			continue
		}
		switch {
		case t.is("ON") && j+1 < len(toks) && toks[j+1].is("CONFLICT"):
			for k := j + 2; k < len(toks); k++ {
				if toks[k].is("NOTHING") {
					return nil
				}
				if toks[k].is("SET") && toks[k].depth == 0 {
					return readAssignments(toks[k+1:], table, alias, "adds to the row twice")
				}
			}
			return nil
		case t.is("DUPLICATE") && j+2 < len(toks) && toks[j+1].is("KEY") && toks[j+2].is("UPDATE"):
			return readAssignments(toks[j+3:], table, alias, "adds to the row twice")
		case t.is("NOT") && j+1 < len(toks) && toks[j+1].is("EXISTS"):
			return nil
		}
	}
	if table == "" {
		return nil
	}
	return &sqlFinding{twice: "inserts the row twice"}
}

// readTableName reads a possibly qualified table name and an optional
// alias starting at toks[i]: public.accounts AS a. A hole counts as a
// name. It returns the last part of the name, the alias and the index
// after them.
func readTableName(toks []sqlTok, i int) (table, alias string, next int) {
	for i < len(toks) {
		if toks[i].kind == tHole {
			table = "?"
		} else if id, ok := toks[i].ident(); ok && !isClauseWord(toks[i]) {
			table = id
		} else {
			break
		}
		i++
		if i < len(toks) && toks[i].punct(".") {
			i++
			continue
		}
		break
	}
	if i < len(toks) && toks[i].is("AS") {
		i++
	}
	if i < len(toks) && !isClauseWord(toks[i]) {
		if id, ok := toks[i].ident(); ok {
			alias = id
			i++
		}
	}
	return table, alias, i
}

// isClauseWord reports whether t starts a clause rather than naming a
// table or an alias.
func isClauseWord(t sqlTok) bool {
	if t.kind != tWord {
		return false
	}
	switch strings.ToUpper(t.text) {
	case "SET", "VALUES", "SELECT", "DEFAULT", "ON", "WHERE", "FROM", "USING", "RETURNING", "JOIN",
		"INNER", "LEFT", "RIGHT", "CROSS", "OVERRIDING", "OUTPUT", "LIMIT", "ORDER", "WITH", "PARTITION":
		return true
	}
	return false
}

// readUpdate: an UPDATE is not idempotent when it sets a column relative
// to its own value:
//
//	UPDATE accounts SET balance = balance - $1 WHERE id = $2                     -- reported
//	UPDATE accounts SET balance = $1 WHERE id = $2                               -- fine
//	UPDATE docs SET body = $1, version = version + 1 WHERE id = $2 AND version = $3 -- fine
//
// The last is an optimistic lock: the WHERE clause compares a column the
// statement sets with a value, so a second run matches no row. The same
// holds for any state transition (SET status = 'paid' WHERE status =
// 'open'). A hole is allowed as the table name only.
func readUpdate(toks []sqlTok) *sqlFinding {
	i := 1
	for i < len(toks) && (toks[i].is("ONLY") || toks[i].is("LOW_PRIORITY") || toks[i].is("IGNORE")) {
		i++
	}
	table, alias, next := readTableName(toks, i)
	set := -1
	for j := next; j < len(toks); j++ {
		if toks[j].kind == tHole {
			return nil
		}
		if set < 0 && toks[j].depth == 0 && toks[j].is("SET") {
			set = j
		}
	}
	if set < 0 {
		return nil
	}
	return readAssignments(toks[set+1:], table, alias, "")
}

// readAssignments reads SET a = x, b = y [WHERE ...] and reports the
// first assignment that is relative to the column's own value, unless the
// WHERE clause guards a column the statement sets. twice, when not
// empty, overrides the message of the operator found.
func readAssignments(toks []sqlTok, table, alias, twice string) *sqlFinding {
	end := len(toks)
	for j, t := range toks {
		if t.depth == 0 && (t.is("WHERE") || t.is("FROM") || t.is("RETURNING") || t.is("ORDER") || t.is("LIMIT") || t.punct(";")) {
			end = j
			break
		}
	}
	var set []string
	var found *sqlFinding
	start := 0
	for j := 0; j <= end; j++ {
		if j < end && !(toks[j].punct(",") && toks[j].depth == 0) {
			continue
		}
		a := toks[start:j]
		start = j + 1
		eq := -1
		for k, t := range a {
			if t.punct("=") && t.depth == 0 {
				eq = k
				break
			}
		}
		if eq < 1 {
			continue
		}
		col, ok := a[eq-1].ident()
		if !ok {
			continue
		}
		set = append(set, col)
		if found != nil {
			continue
		}
		if verb := relative(a[eq+1:], col, table, alias); verb != "" {
			found = &sqlFinding{twice: verb}
			if twice != "" {
				found.twice = twice
			}
		}
	}
	if found == nil || guarded(toks[end:], set) {
		return nil
	}
	return found
}

// relative reports how the expression rhs changes the column col relative
// to its current value ("debits twice"), or "" when it does not.
//
//	balance - $1, $1 + balance, (balance - $1), t.n || $1, array_append(tags, $1)
//
// A reference inside any other function or a CASE is not relative:
// COALESCE(col, $1), GREATEST(col, $1) and CASE WHEN col IS NULL ... give
// the same result when applied again. Qualified references count when
// the qualifier is the table or its alias: EXCLUDED.n and VALUES(n) are
// the new row, not the old one.
func relative(rhs []sqlTok, col, table, alias string) string {
	if len(rhs) == 0 {
		return ""
	}
	base := rhs[0].depth
	for k, t := range rhs {
		if t.is("CASE") {
			return ""
		}
		id, ok := t.ident()
		if !ok || id != col || (k+1 < len(rhs) && rhs[k+1].punct("(")) {
			continue
		}
		first := k // first token of the reference, after its qualifier
		if k >= 2 && rhs[k-1].punct(".") {
			q, _ := rhs[k-2].ident()
			if q != table && q != alias {
				continue
			}
			first = k - 2
		}
		// Walk out through the parentheses around the reference: plain
		// grouping keeps the operator next to it; in a function call the
		// function decides, and then the operator next to the call.
		verb := ""
		switch fn := enclosingFunc(rhs, first, base); {
		case fn == "":
			verb = operatorVerb(rhs, first, k)
		case appendFuncs[fn]:
			return "appends twice"
		case fn == "values":
			continue // MySQL's VALUES(n): the new row
		default:
			s, e := outerSpan(rhs, first, base)
			verb = operatorVerb(rhs, s, e)
		}
		if verb != "" {
			return verb
		}
	}
	return ""
}

// outerSpan returns the first and last token of the outermost group at
// depth base around toks[k]: the function name and the closing
// parenthesis of COALESCE(n, 0).
func outerSpan(toks []sqlTok, k, base int) (s, e int) {
	s, e = k, k
	for s > 0 && toks[s].depth > base {
		s--
	}
	if s > 0 && toks[s-1].kind == tWord {
		s--
	}
	for e+1 < len(toks) && toks[e].depth > base {
		e++
	}
	return s, e
}

// appendFuncs add to a value: CONCAT(note, $1), array_append(tags, $1).
var appendFuncs = map[string]bool{
	"concat": true, "concat_ws": true, "array_append": true, "array_prepend": true, "array_cat": true,
	"json_array_append": true, "jsonb_insert": true,
}

// enclosingFunc returns the name of the innermost function call (lower
// case) around toks[k], above depth base, or "" when only plain
// parentheses enclose it.
func enclosingFunc(toks []sqlTok, k, base int) string {
	depth := toks[k].depth
	for j := k - 1; j >= 0 && depth > base; j-- {
		if toks[j].punct("(") && toks[j].depth == depth-1 {
			if j > 0 && toks[j-1].kind == tWord && !isOperatorWord(toks[j-1]) {
				return strings.ToLower(toks[j-1].text)
			}
			depth--
		}
	}
	return ""
}

func isOperatorWord(t sqlTok) bool {
	return t.is("AND") || t.is("OR") || t.is("NOT") || t.is("IN") || t.is("THEN") || t.is("ELSE") || t.is("WHEN")
}

// operatorVerb returns what an arithmetic operator next to the reference
// toks[first..last] does twice, or "".
func operatorVerb(toks []sqlTok, first, last int) string {
	var ops []sqlTok
	if first > 0 {
		ops = append(ops, toks[first-1])
	}
	if last+1 < len(toks) {
		ops = append(ops, toks[last+1])
	}
	for _, op := range ops {
		if op.kind != tPunct {
			continue
		}
		switch op.text {
		case "-":
			return "debits twice"
		case "+":
			return "adds twice"
		case "*", "/", "%":
			return "applies the change twice"
		case "||":
			return "appends twice"
		}
	}
	return ""
}

// guarded reports whether a WHERE clause compares a column the statement
// sets with a value, in a chain of ANDs: WHERE id = $1 AND version = $2.
func guarded(where []sqlTok, set []string) bool {
	if len(where) == 0 || !where[0].is("WHERE") {
		return false
	}
	for _, t := range where {
		if t.depth == 0 && t.is("OR") {
			return false
		}
	}
	isValue := func(t sqlTok) bool { return t.kind == tParam || t.kind == tNumber || t.kind == tString }
	for k := 1; k+2 < len(where); k++ {
		if !where[k+1].punct("=") || where[k].depth != 0 {
			continue
		}
		if where[k-1].is("NOT") {
			continue
		}
		col, ok := where[k].ident()
		val := where[k+2]
		if !ok {
			// $1 = version
			if col, ok = where[k+2].ident(); !ok || !isValue(where[k]) {
				continue
			}
			val = where[k]
		}
		if !isValue(val) {
			continue
		}
		for _, s := range set {
			if s == col {
				return true
			}
		}
	}
	return false
}

// readDelete: a DELETE with a top-level LIMIT removes a different set of
// rows each time it runs:
//
//	DELETE FROM jobs WHERE done ORDER BY id LIMIT 100   -- reported
//	DELETE FROM jobs WHERE id = $1                      -- fine
func readDelete(toks []sqlTok) *sqlFinding {
	for _, t := range toks {
		if t.depth == 0 && t.is("LIMIT") {
			return &sqlFinding{twice: "deletes twice as many rows"}
		}
	}
	return nil
}

// Display renders a statement for a message: white space collapsed,
// comments kept as written, cut at 60 bytes.
func Display(pieces []Piece) string {
	var b strings.Builder
	for _, p := range pieces {
		if p.Hole {
			b.WriteString(" ... ")
			continue
		}
		b.WriteString(p.Text)
	}
	s := strings.Join(strings.Fields(b.String()), " ")
	const max = 60
	if len(s) > max {
		cut := max
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}
