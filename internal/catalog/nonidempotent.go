package catalog

import (
	"go/types"
	"strings"
)

// Operations that must not run twice: HTTP requests by method and SQL
// statements by the call that sends them. Read by the nonidempotent
// analyzer, whose tests exercise every row against the module version
// named in its comment. Idempotency-key headers and ID generators are in
// ids.go.

// HTTPRole says what a catalogued HTTP call does with a request.
type HTTPRole uint8

const (
	// HTTPNew builds a request with the method given as argument Method:
	//
	//	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, body)
	HTTPNew HTTPRole = iota + 1
	// HTTPWrap builds a request from the request in argument Req:
	//
	//	rreq, err := retryablehttp.FromRequest(req)
	HTTPWrap
	// HTTPSend sends the request in argument Req: client.Do(req).
	HTTPSend
	// HTTPDirect sends a request of its own: with the fixed method Fixed
	// (http.Post, resty's Request.Post), or with the method in argument
	// Method (resty's Request.Execute("POST", url)). Headers, if any, are
	// set on the receiver (resty).
	HTTPDirect
)

// HTTPCall is a catalogued function or method that builds or sends an
// HTTP request.
type HTTPCall struct {
	Symbol
	Role HTTPRole
	// Method is the index of the method argument, or -1.
	Method int
	// Fixed is the method of an HTTPDirect call without a method argument.
	Fixed string
	// Req is the index of the request argument of HTTPWrap and HTTPSend.
	Req int
	// URL is the index of the URL argument of HTTPNew and HTTPDirect, or
	// -1.
	URL int
	// Body is the index of the body argument of HTTPNew and HTTPDirect
	// (an io.Reader, or url.Values for PostForm), or 0 when there is
	// none: no body argument comes first.
	Body int
}

const netHTTP = "net/http"

var httpCalls = []HTTPCall{
	// net/http (go1.26).
	{Symbol: Symbol{netHTTP, "", "NewRequest"}, Role: HTTPNew, Method: 0, URL: 1, Body: 2},
	{Symbol: Symbol{netHTTP, "", "NewRequestWithContext"}, Role: HTTPNew, Method: 1, URL: 2, Body: 3},
	{Symbol: Symbol{netHTTP, "", "Post"}, Role: HTTPDirect, Method: -1, Fixed: "POST", URL: 0, Body: 2},
	{Symbol: Symbol{netHTTP, "", "PostForm"}, Role: HTTPDirect, Method: -1, Fixed: "POST", URL: 0, Body: 1},
	{Symbol: Symbol{netHTTP, "Client", "Post"}, Role: HTTPDirect, Method: -1, Fixed: "POST", URL: 0, Body: 2},
	{Symbol: Symbol{netHTTP, "Client", "PostForm"}, Role: HTTPDirect, Method: -1, Fixed: "POST", URL: 0, Body: 1},
	{Symbol: Symbol{netHTTP, "Client", "Do"}, Role: HTTPSend, Method: -1, Req: 0, URL: -1},
	{Symbol: Symbol{netHTTP, "Transport", "RoundTrip"}, Role: HTTPSend, Method: -1, Req: 0, URL: -1},
	{Symbol: Symbol{netHTTP, "RoundTripper", "RoundTrip"}, Role: HTTPSend, Method: -1, Req: 0, URL: -1}, // a transport's next one
	// hashicorp/go-retryablehttp v0.7.8 (client.go): the client retries
	// inside (see the recognizer's client rows), whatever the method.
	{Symbol: Symbol{retryHTTP, "", "NewRequest"}, Role: HTTPNew, Method: 0, URL: 1, Body: 2},
	{Symbol: Symbol{retryHTTP, "", "NewRequestWithContext"}, Role: HTTPNew, Method: 1, URL: 2, Body: 3},
	{Symbol: Symbol{retryHTTP, "", "FromRequest"}, Role: HTTPWrap, Method: -1, Req: 0, URL: -1},
	{Symbol: Symbol{retryHTTP, "Client", "Do"}, Role: HTTPSend, Method: -1, Req: 0, URL: -1},
	{Symbol: Symbol{retryHTTP, "", "Post"}, Role: HTTPDirect, Method: -1, Fixed: "POST", URL: 0, Body: 2},
	{Symbol: Symbol{retryHTTP, "", "PostForm"}, Role: HTTPDirect, Method: -1, Fixed: "POST", URL: 0, Body: 1},
	{Symbol: Symbol{retryHTTP, "Client", "Post"}, Role: HTTPDirect, Method: -1, Fixed: "POST", URL: 0, Body: 2},
	{Symbol: Symbol{retryHTTP, "Client", "PostForm"}, Role: HTTPDirect, Method: -1, Fixed: "POST", URL: 0, Body: 1},
	// go-resty/resty v2.17.2 (request.go): client.R().SetHeader(k, v).Post(url).
	{Symbol: Symbol{restyV2, "Request", "Post"}, Role: HTTPDirect, Method: -1, Fixed: "POST", URL: 0},
	{Symbol: Symbol{restyV2, "Request", "Patch"}, Role: HTTPDirect, Method: -1, Fixed: "PATCH", URL: 0},
	{Symbol: Symbol{restyV2, "Request", "Execute"}, Role: HTTPDirect, Method: 0, URL: 1},
}

// HTTPCalls returns every catalogued HTTP call, for tests.
func HTTPCalls() []HTTPCall { return httpCalls }

var httpIndex = index(httpCalls, func(c *HTTPCall) Symbol { return c.Symbol })

// LookupHTTP returns the catalogued HTTP call fn is, or nil.
func LookupHTTP(fn *types.Func) *HTTPCall {
	if fn == nil {
		return nil
	}
	return httpIndex[SymbolOf(fn)]
}

// idempotentMethods are the methods RFC 9110 §9.2.2 defines as
// idempotent, the QUERY draft, and the read-only WebDAV methods. Every
// other method (POST, PATCH, CONNECT, custom ones) may act twice.
var idempotentMethods = map[string]bool{
	"GET": true, "HEAD": true, "OPTIONS": true, "TRACE": true, "PUT": true, "DELETE": true,
	"QUERY": true, "PROPFIND": true, "REPORT": true, "SEARCH": true,
}

// IdempotentMethod reports whether an HTTP method may be repeated safely.
// The empty method means GET to net/http.
func IdempotentMethod(m string) bool {
	return m == "" || idempotentMethods[strings.ToUpper(m)]
}

// SQLExec is a catalogued call that runs an SQL statement and returns no
// rows.
type SQLExec struct {
	Symbol
	// Query is the index of the statement argument, or -1 for a prepared
	// statement (sql.Stmt.Exec), whose text came from a Prepare call.
	Query int
	// Tx: the receiver is an open transaction.
	Tx bool
}

// SQLPrepare is a call that prepares a statement from argument Query.
type SQLPrepare struct {
	Symbol
	Query int
}

const (
	sqlStd   = "database/sql"
	pgx5     = "github.com/jackc/pgx/v5"
	pgx5Pool = "github.com/jackc/pgx/v5/pgxpool"
)

var sqlExecs = []SQLExec{
	// database/sql (go1.26). sqlx.DB and sqlx.Tx embed *sql.DB and
	// *sql.Tx, so their Exec and ExecContext are these methods.
	{Symbol: Symbol{sqlStd, "DB", "Exec"}, Query: 0},
	{Symbol: Symbol{sqlStd, "DB", "ExecContext"}, Query: 1},
	{Symbol: Symbol{sqlStd, "Conn", "ExecContext"}, Query: 1},
	{Symbol: Symbol{sqlStd, "Tx", "Exec"}, Query: 0, Tx: true},
	{Symbol: Symbol{sqlStd, "Tx", "ExecContext"}, Query: 1, Tx: true},
	{Symbol: Symbol{sqlStd, "Stmt", "Exec"}, Query: -1},
	{Symbol: Symbol{sqlStd, "Stmt", "ExecContext"}, Query: -1},
	// jackc/pgx v5.13.0: Exec(ctx, sql, args...) on conn.go, pgxpool's
	// pool.go, conn.go and tx.go, and the pgx.Tx interface (tx.go).
	{Symbol: Symbol{pgx5, "Conn", "Exec"}, Query: 1},
	{Symbol: Symbol{pgx5Pool, "Pool", "Exec"}, Query: 1},
	{Symbol: Symbol{pgx5Pool, "Conn", "Exec"}, Query: 1},
	{Symbol: Symbol{pgx5Pool, "Tx", "Exec"}, Query: 1, Tx: true},
	{Symbol: Symbol{pgx5, "Tx", "Exec"}, Query: 1, Tx: true},
}

var sqlPrepares = []SQLPrepare{
	{Symbol: Symbol{sqlStd, "DB", "Prepare"}, Query: 0},
	{Symbol: Symbol{sqlStd, "DB", "PrepareContext"}, Query: 1},
	{Symbol: Symbol{sqlStd, "Conn", "PrepareContext"}, Query: 1},
	{Symbol: Symbol{sqlStd, "Tx", "Prepare"}, Query: 0},
	{Symbol: Symbol{sqlStd, "Tx", "PrepareContext"}, Query: 1},
}

var (
	sqlExecIndex    = index(sqlExecs, func(e *SQLExec) Symbol { return e.Symbol })
	sqlPrepareIndex = index(sqlPrepares, func(p *SQLPrepare) Symbol { return p.Symbol })
)

// LookupSQLExec returns the catalogued statement-running call fn is, or
// nil.
func LookupSQLExec(fn *types.Func) *SQLExec {
	if fn == nil {
		return nil
	}
	return sqlExecIndex[SymbolOf(fn)]
}

// LookupSQLPrepare returns the catalogued Prepare call fn is, or nil.
func LookupSQLPrepare(fn *types.Func) *SQLPrepare {
	if fn == nil {
		return nil
	}
	return sqlPrepareIndex[SymbolOf(fn)]
}

// Delivery is a call that hands a message to a peer that delivers it:
// running it twice delivers it twice, and no key lets the peer tell the
// repeat. An SMTP server that accepted the message but whose reply was
// lost has sent it.
type Delivery struct {
	Symbol
	// What is what one call delivers: "an e-mail".
	What string
}

var deliveries = []Delivery{
	// net/smtp (go1.26): SendMail, and Client.Data, whose writer's Close
	// hands the message over.
	{Symbol: Symbol{"net/smtp", "", "SendMail"}, What: "an e-mail"},
	{Symbol: Symbol{"net/smtp", "Client", "Data"}, What: "an e-mail"},
}

var deliveryIndex = index(deliveries, func(d *Delivery) Symbol { return d.Symbol })

// LookupDelivery returns the catalogued delivery fn is, or nil.
func LookupDelivery(fn *types.Func) *Delivery {
	if fn == nil {
		return nil
	}
	return deliveryIndex[SymbolOf(fn)]
}
