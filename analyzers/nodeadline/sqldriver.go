package nodeadline

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A database/sql handle whose driver cannot wait on a peer: an embedded
// engine (SQLite, DuckDB) reads a file on this machine, and rqlite's
// driver bounds every call with its client's timeout. Its calls are not
// outbound calls:
//
//	var db *sql.DB
//
//	func open(path string) (err error) {
//		db, err = sql.Open("sqlite", path) // modernc.org/sqlite
//		return err
//	}
//
//	tx, err := db.BeginTx(context.Background(), nil) // not reported
//
// The driver is the name given to sql.Open, read as network.go reads a
// dial's network (a constant, a variable, a package variable of the
// package's own whose every write is a constant), and the handle is
// followed back to its sql.Open: through variables, the package's
// helpers and its own unexported package variables, and from a Tx, Conn
// or Stmt to the DB it comes from. A driver's own opener the catalog
// lists (clickhouse.OpenDB) counts like sql.Open with its name, and so
// does an exported function of another package with an SQLHandleFact (a
// test helper opening the database its package's tests share). A handle
// from anywhere else (a parameter, a field, sql.OpenDB with a connector)
// may be remote, and so may a driver name the catalog does not know
// (pgx, postgres, mysql).

// SQLHandleFact is exported for an exported function whose first result
// is a *sql.DB that, on every path, comes from drivers that do not wait
// on a peer:
//
//	func OpenDB() (*sql.DB, error) {
//		return clickhouse.OpenDB(&clickhouse.Options{Addr: addrs}), nil
//	}
type SQLHandleFact struct{}

func (*SQLHandleFact) AFact() {}

func (*SQLHandleFact) String() string { return "sql-handle(local or bounded)" }

// exportSQLHandles exports an SQLHandleFact for each exported function
// of the package that returns such a handle.
func (c *checker) exportSQLHandles() {
	if !analysisutil.Imports(c.pass.Pkg, "database/sql") {
		return
	}
	for _, fi := range c.funcs {
		sig := fi.obj.Signature()
		if !fi.obj.Exported() || sig.Results().Len() == 0 || !analysisutil.Named(sig.Results().At(0).Type(), "database/sql", "DB") {
			continue
		}
		top, local, returns := c.tracer(fi).top, true, 0
		if top == nil {
			continue
		}
		for _, b := range top.Blocks {
			if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) > 0 {
				returns++
				local = local && c.localHandle(r.Results[0], nil, map[ssa.Value]bool{})
			}
		}
		if local && returns > 0 {
			c.pass.ExportObjectFact(fi.obj, new(SQLHandleFact))
		}
	}
}

// embeddedSQL reports a database/sql call whose handle comes only from
// sql.Open with drivers that do not wait on a peer.
func (c *checker) embeddedSQL(s site, fn *types.Func) bool {
	if !catalog.SQLCall(fn) {
		return false
	}
	in := c.instr(s)
	return in != nil && c.localHandle(engine.Recv(in), nil, map[ssa.Value]bool{})
}

// localHandle reports whether every value a handle is made of is opened
// with a driver that does not wait on a peer.
func (c *checker) localHandle(v ssa.Value, in *engine.Frame, seen map[ssa.Value]bool) bool {
	if v == nil {
		return false
	}
	if seen[v] {
		return true
	}
	seen[v] = true
	srcs := c.p.SourcesIn(v, in)
	for _, src := range srcs {
		var call *ssa.Call
		switch x := src.Value.(type) {
		case *ssa.Const:
			if x.IsNil() {
				continue // var db *sql.DB before it is opened
			}
		case *ssa.UnOp:
			// A package variable of the package's own: what it is given.
			if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL {
				vals, ok := c.p.GlobalWrites(g)
				if !ok || len(vals) == 0 {
					return false
				}
				for _, w := range vals {
					if !c.localHandle(w, nil, seen) {
						return false
					}
				}
				continue
			}
		case *ssa.Extract:
			if x.Index == 0 {
				call, _ = x.Tuple.(*ssa.Call)
			}
		case *ssa.Call:
			call = x
		}
		if call == nil || !c.openedLocal(call, src.In, seen) {
			return false
		}
	}
	return len(srcs) > 0
}

// openedLocal reports a call that makes a handle with a driver that
// does not wait on a peer: sql.Open with such a driver's name, or a Tx,
// Conn or Stmt of such a handle.
func (c *checker) openedLocal(call *ssa.Call, in *engine.Frame, seen map[ssa.Value]bool) bool {
	fn := engine.Callee(call)
	switch {
	case catalog.SQLOpen(fn):
		names, ok := c.stringsOf(engine.Arg(call, 0), in, map[ssa.Value]bool{})
		if !ok || len(names) == 0 {
			return false
		}
		for _, n := range names {
			if catalog.SQLDriverNamed(n) == catalog.SQLRemote {
				return false
			}
		}
		return true
	case catalog.SQLHandleFrom(fn):
		return c.localHandle(engine.Recv(call), in, seen)
	case catalog.SQLOpener(fn) != catalog.SQLRemote:
		return true
	case fn != nil && fn.Pkg() != c.pass.Pkg:
		return c.pass.ImportObjectFact(fn, new(SQLHandleFact))
	}
	return false
}
