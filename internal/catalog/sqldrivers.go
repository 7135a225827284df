package catalog

import "go/types"

// database/sql drivers by the name they register with sql.Register,
// which is the name a program gives sql.Open. A database/sql call waits
// on a peer only through a driver that talks to a server: an embedded
// engine reads a file on this machine, and a driver whose client has a
// timeout of its own bounds every call.
//
//	import _ "modernc.org/sqlite"
//	db, err := sql.Open("sqlite", path) // every call on db is local

// SQLDriver is what a database/sql driver waits on.
type SQLDriver uint8

const (
	// SQLRemote: a server, with no bound of the driver's own (pgx's
	// stdlib "pgx", lib/pq "postgres", go-sql-driver/mysql "mysql"),
	// or a driver the catalog does not know.
	SQLRemote SQLDriver = iota
	// SQLEmbedded: an engine in the process, on a local file.
	SQLEmbedded
	// SQLBounded: a server, through a client with a default timeout.
	SQLBounded
)

// sqlDrivers are the drivers that do not wait forever, by registered
// name; each comment names the packages registering it and where.
var sqlDrivers = map[string]SQLDriver{
	// modernc.org/sqlite v1.62.0 sqlite.go init; github.com/glebarez/go-sqlite.
	"sqlite": SQLEmbedded,
	// github.com/mattn/go-sqlite3 v1.14.32 sqlite3.go init;
	// github.com/ncruces/go-sqlite3/driver.
	"sqlite3": SQLEmbedded,
	// github.com/marcboeker/go-duckdb, github.com/duckdb/duckdb-go.
	"duckdb": SQLEmbedded,
	// github.com/rqlite/gorqlite/stdlib: an HTTP client with a 10 s
	// Timeout (gorqlite conn.go defaultTimeout).
	"rqlite": SQLBounded,
	// github.com/ClickHouse/clickhouse-go/v2 v2.51.0 clickhouse_std.go
	// init: every read of a query's answer has a deadline of ReadTimeout,
	// 300 s unless set (clickhouse_options.go setDefaults), and a dial
	// DialTimeout, 5 s.
	"clickhouse": SQLBounded,
}

// sqlOpeners are the functions of drivers that return a *sql.DB opened
// on their own connector, by what the driver waits on.
var sqlOpeners = map[Symbol]SQLDriver{
	// clickhouse.OpenDB(opts): the connector of the "clickhouse" driver,
	// with its ReadTimeout.
	{"github.com/ClickHouse/clickhouse-go/v2", "", "OpenDB"}: SQLBounded,
}

// SQLOpener returns what the handle a driver's function opens waits on
// (SQLRemote for a function the catalog does not list).
func SQLOpener(fn *types.Func) SQLDriver { return sqlOpeners[SymbolOf(fn)] }

// SQLDriverNamed returns what the driver registered as name waits on.
func SQLDriverNamed(name string) SQLDriver { return sqlDrivers[name] }

// SQLOpen reports database/sql's Open, whose first argument names the
// driver.
func SQLOpen(fn *types.Func) bool { return SymbolOf(fn) == Symbol{sqlPkg, "", "Open"} }

// SQLHandleFrom reports the database/sql methods that return a handle
// talking through their receiver's driver: a transaction, a connection
// or a prepared statement of a DB, a Conn or a Tx.
func SQLHandleFrom(fn *types.Func) bool {
	s := SymbolOf(fn)
	if s.Pkg != sqlPkg {
		return false
	}
	switch s.Recv {
	case "DB", "Conn", "Tx":
		switch s.Name {
		case "Begin", "BeginTx", "Conn", "Prepare", "PrepareContext", "Stmt", "StmtContext":
			return true
		}
	}
	return false
}

// SQLCall reports a method of a database/sql handle (DB, Conn, Tx, Stmt).
func SQLCall(fn *types.Func) bool {
	s := SymbolOf(fn)
	return s.Pkg == sqlPkg && (s.Recv == "DB" || s.Recv == "Conn" || s.Recv == "Tx" || s.Recv == "Stmt")
}
