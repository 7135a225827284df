package nonidempotent

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
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
func (c *checker) sqlEffect(call *ast.CallExpr, callee *types.Func, where place, scope ast.Node) *effect {
	row := catalog.LookupSQLExec(callee)
	if row == nil || scope == nil {
		return nil
	}
	recv := receiver(c.info, call)
	if row.Tx {
		if scope == where.fd.Body || !c.begunOutside(where, recv, scope) {
			return nil
		}
	}
	var pieces []sqlshape.Piece
	if row.Query >= 0 {
		if row.Query < len(call.Args) {
			pieces = c.statement(where, call.Args[row.Query])
		}
	} else if recv != nil {
		pieces = c.preparedSQL(where, recv)
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

// begunOutside reports whether the transaction a statement runs on is
// begun before the attempt: every value the receiver variable is
// assigned (engine.Copies) is made outside scope, by a call (db.BeginTx)
// or as a parameter of a function around it. A transaction begun inside
// (a parameter of the function literal a retry library runs included),
// or one read from a field, is not.
func (c *checker) begunOutside(where place, recv ast.Expr, scope ast.Node) bool {
	id, ok := ast.Unparen(recv).(*ast.Ident)
	if !ok {
		return false
	}
	if v, ok := c.info.ObjectOf(id).(*types.Var); !ok || v.IsField() || v.Parent() == v.Pkg().Scope() {
		return false // a local variable, or none
	}
	v := c.eng.ValueOf(where.syntax(), recv)
	if v == nil {
		return false
	}
	outside := false
	for _, s := range engine.Copies(v) {
		if isNil(s) {
			continue // var tx *sql.Tx
		}
		inside, known := madeIn(s, scope)
		if inside || !known {
			return false
		}
		outside = true
	}
	return outside
}

// preparedSQL returns the statement of a prepared statement's Prepare
// call: stmt, err := db.PrepareContext(ctx, "INSERT ...").
func (c *checker) preparedSQL(where place, recv ast.Expr) []sqlshape.Piece {
	if !c.named().sql {
		return nil
	}
	v := c.value(where, recv)
	if v == nil {
		return nil
	}
	srcs := c.eng.Sources(v)
	if len(srcs) != 1 {
		return nil
	}
	s := srcs[0]
	if e, ok := s.(*ssa.Extract); ok {
		s = e.Tuple
	}
	prep, ok := s.(*ssa.Call)
	if !ok {
		return nil
	}
	p := catalog.LookupSQLPrepare(engine.Callee(prep))
	if p == nil {
		return nil
	}
	if _, args := operands(prep); p.Query < len(args) {
		return c.pieces(args[p.Query], 0)
	}
	return nil
}

// statement reads the text of a statement argument: a constant
// expression on its own; otherwise, where the package names a
// statement at all, the value the engine finds for it.
func (c *checker) statement(where place, e ast.Expr) []sqlshape.Piece {
	if s, ok := analysisutil.ConstString(c.info, e); ok {
		return []sqlshape.Piece{{Text: s}}
	}
	if !c.named().sql {
		return nil
	}
	if v := c.value(where, e); v != nil {
		return c.pieces(v, 0)
	}
	return nil
}

// pieces reads the text of a statement value: a constant, a +
// concatenation of readable parts, or what one value it comes from
// holds (a variable assigned once, a helper of the package returning
// it). A part that cannot be read becomes a hole:
//
//	"INSERT INTO " + table + " (id) VALUES ($1)"   ->  INSERT INTO <hole> (id) VALUES ($1)
//
// fmt.Sprintf, strings.Builder, query builders and values that come from
// parameters or fields set elsewhere are not read.
func (c *checker) pieces(v ssa.Value, depth int) []sqlshape.Piece {
	hole := []sqlshape.Piece{{Hole: true}}
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			return []sqlshape.Piece{{Text: constant.StringVal(x.Value)}}
		}
		return hole
	case *ssa.BinOp:
		if x.Op == token.ADD && depth <= 4 {
			return append(c.pieces(x.X, depth+1), c.pieces(x.Y, depth+1)...)
		}
		return hole
	}
	if depth > 4 {
		return hole
	}
	if srcs := c.eng.Sources(v); len(srcs) == 1 && srcs[0] != v {
		return c.pieces(srcs[0], depth+1)
	}
	return hole
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
