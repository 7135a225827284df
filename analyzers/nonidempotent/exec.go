package nonidempotent

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/sqlshape"
)

// sqlEffect returns the effect of a call that runs an SQL statement
// (db.Exec, tx.ExecContext, pool.Exec, stmt.Exec) when running it twice
// is not running it once:
//
//   - the statement is not idempotent (see internal/sqlshape);
//   - the receiver is a transaction begun before the attempt: a retry of
//     one statement, where only a retry of the transaction recovers.
//
// A statement of a transaction begun inside the attempt is never
// reported: the retry repeats the whole transaction, and the failed
// attempt's transaction was rolled back. Summaries (scope == fd.Body)
// leave transaction statements out: whether the transaction was begun
// inside the caller's attempt is the caller's business.
func (c *checker) sqlEffect(call *ast.CallExpr, callee *types.Func, fd *ast.FuncDecl, scope ast.Node) *effect {
	row := catalog.LookupSQLExec(callee)
	if row == nil || scope == nil {
		return nil
	}
	recv := receiver(c.info, call)
	if row.Tx {
		if scope == fd.Body {
			return nil
		}
		v := c.x.Local(recv)
		if v == nil || c.begunIn(v, fd, scope) {
			return nil
		}
	}
	var pieces []sqlshape.Piece
	if row.Query >= 0 {
		if row.Query < len(call.Args) {
			pieces = c.sqlPieces(call.Args[row.Query], fd, 0)
		}
	} else if v := c.x.Local(recv); v != nil {
		pieces = c.preparedSQL(c.x.Single(v), fd)
	}
	if pieces := readable(pieces); pieces != nil {
		if twice := sqlshape.Twice(pieces); twice != "" {
			return &effect{kind: kindSQL, what: sqlshape.Display(pieces), twice: twice, pos: call.Pos()}
		}
	}
	if row.Tx {
		return &effect{kind: kindTx, what: exprString(recv) + "." + callee.Name(), pos: call.Pos()}
	}
	return nil
}

// readable returns pieces when the statement's first piece is known
// text, which says what statement it is, else nil.
func readable(pieces []sqlshape.Piece) []sqlshape.Piece {
	if len(pieces) == 0 || pieces[0].Hole {
		return nil
	}
	return pieces
}

// begunIn reports whether the transaction in v is begun inside scope: v
// is declared there (a parameter of the function literal a retry library
// runs included), or assigned there.
func (c *checker) begunIn(v *types.Var, fd *ast.FuncDecl, scope ast.Node) bool {
	if contains(scope, v.Pos()) {
		return true
	}
	for _, d := range c.defs(v) {
		if d.Node != nil && contains(scope, d.Node.Pos()) {
			return true
		}
	}
	return false
}

// preparedSQL returns the statement of a prepared statement's Prepare
// call: stmt, err := db.PrepareContext(ctx, "INSERT ...").
func (c *checker) preparedSQL(e ast.Expr, fd *ast.FuncDecl) []sqlshape.Piece {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	p := catalog.LookupSQLPrepare(analysisutil.Callee(c.info, call))
	if p == nil || p.Query >= len(call.Args) {
		return nil
	}
	return c.sqlPieces(call.Args[p.Query], fd, 0)
}

// sqlPieces reads the text of a statement: a constant (constant folding
// included), a + concatenation of readable parts, or a local variable
// assigned once. A part that cannot be read becomes a hole:
//
//	"INSERT INTO " + table + " (id) VALUES ($1)"   ->  INSERT INTO <hole> (id) VALUES ($1)
//
// fmt.Sprintf, strings.Builder, query builders and values that come from
// parameters or fields are not read.
func (c *checker) sqlPieces(e ast.Expr, fd *ast.FuncDecl, depth int) []sqlshape.Piece {
	e = ast.Unparen(e)
	if s, ok := c.x.ConstString(e); ok {
		return []sqlshape.Piece{{Text: s}}
	}
	if depth > 4 {
		return []sqlshape.Piece{{Hole: true}}
	}
	switch x := e.(type) {
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			return append(c.sqlPieces(x.X, fd, depth+1), c.sqlPieces(x.Y, fd, depth+1)...)
		}
	case *ast.Ident:
		if v := c.x.Local(x); v != nil {
			if rhs := c.x.Single(v); rhs != nil {
				return c.sqlPieces(rhs, fd, depth+1)
			}
		}
	}
	return []sqlshape.Piece{{Hole: true}}
}

// receiver returns the receiver expression of a method call, or nil.
func receiver(info *types.Info, call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s, ok := info.Selections[sel]; ok && (s.Kind() == types.MethodVal) {
		return sel.X
	}
	return nil
}

// exprString renders a short receiver for messages: tx, s.tx.
func exprString(e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return exprString(x.X) + "." + x.Sel.Name
	}
	return "tx"
}
