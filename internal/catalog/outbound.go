package catalog

import (
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// Outbound calls: calls that wait on another process and take their
// deadline from a context.Context argument. nodeadline reports the ones
// that receive a context with no deadline.
//
// Rows are matched by package path and symbol (database/sql, net, gRPC
// core, pgx) or by shape where a row per method would not scale: gRPC
// generated stubs, aws-sdk-go-v2 operations (and v1's WithContext forms,
// whose default http.DefaultClient has no Timeout: aws-sdk-go v1.55.8
// aws/defaults/defaults.go:63), go-redis commands, MongoDB
// collection methods. Versions checked: go1.26.8, grpc v1.85.0,
// aws-sdk-go-v2 v1.48.0 (sqs v1.53.0), go-redis v9.23.0, pgx v5.13.0,
// go-cleanhttp v0.5.2.

// Outbound is a catalogued outbound call.
type Outbound struct {
	Symbol
	// Ctx is the index of the context argument (receiver excluded).
	Ctx int
	// Family names the kind of call in messages: "a gRPC call".
	Family string
	// Stream marks calls that open a stream or a watch, meant to live
	// until their context is cancelled rather than to finish.
	Stream bool
	// Bounded, when not empty, names the client setting that bounds each
	// call even without a deadline (go-redis's ReadTimeout, 5s by
	// default); such calls cannot wait forever and are not reported.
	Bounded string
	// Dial marks dials: without a deadline they wait for the operating
	// system's connect timeout (minutes), not forever, and the dialer's
	// own Timeout may bound them.
	Dial bool
}

const (
	grpcPkg   = "google.golang.org/grpc"
	redisV9   = "github.com/redis/go-redis/v9"
	pgxV5     = "github.com/jackc/pgx/v5"
	pgxPool   = "github.com/jackc/pgx/v5/pgxpool"
	pgconnV5  = "github.com/jackc/pgx/v5/pgconn"
	mongoV1   = "go.mongodb.org/mongo-driver/mongo"
	mongoV2   = "go.mongodb.org/mongo-driver/v2/mongo"
	sqlPkg    = "database/sql"
	cleanhttp = "github.com/hashicorp/go-cleanhttp"
)

// GRPCPkg is grpc's import path: a package that declares a method of the
// generated client shape imports it, for grpc.CallOption.
const GRPCPkg = grpcPkg

var outbound = func() []Outbound {
	var rows []Outbound
	add := func(pkg, recv, name, family string, ctx int) *Outbound {
		rows = append(rows, Outbound{Symbol: Symbol{pkg, recv, name}, Ctx: ctx, Family: family})
		return &rows[len(rows)-1]
	}
	// database/sql: every ...Context method, BeginTx, Conn (go1.26.8
	// src/database/sql/sql.go).
	for _, recv := range []string{"DB", "Tx", "Conn", "Stmt"} {
		for _, name := range []string{"ExecContext", "QueryContext", "QueryRowContext", "PrepareContext", "PingContext"} {
			if recv == "Stmt" && (name == "PrepareContext" || name == "PingContext") {
				continue
			}
			if recv == "Tx" && name == "PingContext" {
				continue
			}
			add(sqlPkg, recv, name, "an SQL call", 0)
		}
	}
	add(sqlPkg, "DB", "BeginTx", "an SQL call", 0)
	add(sqlPkg, "Conn", "BeginTx", "an SQL call", 0)
	add(sqlPkg, "DB", "Conn", "an SQL call", 0)
	// gRPC core (grpc v1.85.0 call.go, stream.go).
	add(grpcPkg, "ClientConn", "Invoke", "a gRPC call", 0)
	add(grpcPkg, "ClientConn", "NewStream", "a gRPC stream", 0).Stream = true
	add(grpcPkg, "", "Invoke", "a gRPC call", 0)
	add(grpcPkg, "", "NewClientStream", "a gRPC stream", 0).Stream = true
	// pgx v5.13.0: Conn, Pool, pooled Conn, Tx (an interface).
	for _, recv := range []string{"Conn", "Tx"} {
		for _, name := range []string{"Exec", "Query", "QueryRow", "SendBatch", "CopyFrom", "Begin", "BeginTx", "Ping", "Prepare"} {
			add(pgxV5, recv, name, "a PostgreSQL call", 0)
		}
	}
	for _, recv := range []string{"Pool", "Conn", "Tx"} {
		for _, name := range []string{"Exec", "Query", "QueryRow", "SendBatch", "CopyFrom", "Begin", "BeginTx", "Ping", "Acquire"} {
			if recv != "Pool" && name == "Acquire" {
				continue
			}
			add(pgxPool, recv, name, "a PostgreSQL call", 0)
		}
	}
	add(pgxV5, "", "Connect", "a PostgreSQL call", 0)
	add(pgconnV5, "", "Connect", "a PostgreSQL call", 0)
	// Dials: net.Dialer and tls.Dialer also obey their own Timeout.
	add("net", "Dialer", "DialContext", "a dial", 0).Dial = true
	add("crypto/tls", "Dialer", "DialContext", "a dial", 0).Dial = true
	return rows
}()

var outboundIndex = index(outbound, func(o *Outbound) Symbol { return o.Symbol })

// LookupOutbound returns the outbound row fn matches, by symbol or by
// shape, or nil.
func LookupOutbound(fn *types.Func) *Outbound {
	if fn == nil {
		return nil
	}
	s := SymbolOf(fn)
	if o := outboundIndex[s]; o != nil {
		return o
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Params().Len() == 0 || !isContext(sig.Params().At(0).Type()) || !fn.Exported() {
		return nil
	}
	switch {
	case isGRPCStub(sig) && strings.HasSuffix(s.Recv, "Client"):
		// protoc-gen-go-grpc stubs, on the <Svc>Client interface or the
		// unexported <svc>Client struct implementing it (user helpers of
		// the same shape get a fact from their bodies instead):
		//
		//	Check(ctx context.Context, in *HealthCheckRequest, opts ...grpc.CallOption) (*HealthCheckResponse, error)
		//	Watch(ctx context.Context, in *HealthCheckRequest, opts ...grpc.CallOption) (grpc.ServerStreamingClient[HealthCheckResponse], error)
		o := &Outbound{Symbol: s, Family: "a gRPC call"}
		if sig.Results().Len() > 0 && isStreamType(sig.Results().At(0).Type()) {
			o.Family, o.Stream = "a gRPC stream", true
		}
		return o
	case LookupAWSOperation(fn) != nil:
		return &Outbound{Symbol: s, Family: "an AWS call"}
	case s.Pkg == redisV9 && s.Recv != "":
		// go-redis v9: commands are methods of the unexported cmdable
		// (and statefulCmdable) behind *Client, *ClusterClient, *Ring
		// and the Cmdable interfaces; each call is bounded by the
		// client's ReadTimeout/WriteTimeout, 5s by default.
		o := &Outbound{Symbol: s, Family: "a Redis call", Bounded: "the client's ReadTimeout"}
		if strings.Contains(s.Name, "Subscribe") {
			o.Family, o.Stream = "a Redis subscription", true
		}
		return o
	case (s.Pkg == mongoV1 || s.Pkg == mongoV2) && mongoRecv[s.Recv]:
		o := &Outbound{Symbol: s, Family: "a MongoDB call"}
		if s.Name == "Watch" {
			o.Family, o.Stream = "a MongoDB change stream", true
		}
		return o
	}
	return nil
}

var mongoRecv = map[string]bool{"Client": true, "Database": true, "Collection": true, "Cursor": true, "ChangeStream": true, "IndexView": true}

// isGRPCStub reports whether sig ends in a variadic ...grpc.CallOption.
func isGRPCStub(sig *types.Signature) bool {
	if !sig.Variadic() {
		return false
	}
	last := sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice).Elem()
	n, ok := types.Unalias(last).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == grpcPkg && n.Obj().Name() == "CallOption"
}

// isStreamType reports whether t is a client stream: it has a CloseSend
// or Recv method (grpc.ClientStream, ServerStreamingClient[T], a pointer
// to a struct embedding grpc.ClientStream, ...).
func isStreamType(t types.Type) bool {
	ms := analysisutil.MethodSet(t)
	for i := range ms.Len() {
		if n := ms.At(i).Obj().Name(); n == "CloseSend" || n == "Recv" {
			return true
		}
	}
	return false
}

// Context derivations (go1.26.8 src/context/context.go).
type CtxEffect uint8

const (
	CtxNone     CtxEffect = iota // not a context constructor
	CtxRoot                      // Background, TODO: no deadline, never cancelled
	CtxInherit                   // WithCancel, NotifyContext: the parent's deadline, adds a cancel
	CtxDeadline                  // WithTimeout, WithDeadline: adds a deadline
	CtxDrop                      // WithoutCancel: removes the parent's deadline and cancellation
	CtxValue                     // WithValue, ...: the parent's deadline and cancellation, adds neither
)

var ctxFuncs = map[Symbol]CtxEffect{
	{"context", "", "Background"}:        CtxRoot,
	{"context", "", "TODO"}:              CtxRoot,
	{"context", "", "WithCancel"}:        CtxInherit,
	{"context", "", "WithCancelCause"}:   CtxInherit,
	{"context", "", "WithValue"}:         CtxValue,
	{"os/signal", "", "NotifyContext"}:   CtxInherit,
	{"context", "", "WithTimeout"}:       CtxDeadline,
	{"context", "", "WithTimeoutCause"}:  CtxDeadline,
	{"context", "", "WithDeadline"}:      CtxDeadline,
	{"context", "", "WithDeadlineCause"}: CtxDeadline,
	{"context", "", "WithoutCancel"}:     CtxDrop,
	// The standard library's other derivations (go1.26.8): they return a
	// child of argument 0 with a value added. nodeadline does not analyze
	// the standard library, so these are rows instead of its facts.
	{"net/http/httptrace", "", "WithClientTrace"}: CtxValue,
	{"runtime/pprof", "", "WithLabels"}:           CtxValue,
	{"runtime/trace", "", "NewTask"}:              CtxValue,
	// Libraries every service calls between a context and its outbound
	// calls; each returns a child of argument 0 with a value added
	// (context.WithValue). The interface methods have no body to read a
	// fact from: OpenTelemetry's Tracer.Start (the SDK's and the noop
	// tracer's call ContextWithSpan; otel/trace v1.47.0 tracer.go) and
	// TextMapPropagator.Extract (otel v1.32.0 propagation.go).
	{otelTrace, "Tracer", "Start"}:                                    CtxValue,
	{otelTrace, "", "ContextWithSpan"}:                                CtxValue,
	{otelTrace, "", "ContextWithSpanContext"}:                         CtxValue,
	{otelTrace, "", "ContextWithRemoteSpanContext"}:                   CtxValue,
	{otelPropagation, "TextMapPropagator", "Extract"}:                 CtxValue,
	{"go.opentelemetry.io/otel/baggage", "", "ContextWithBaggage"}:    CtxValue,
	{"go.opentelemetry.io/otel/baggage", "", "ContextWithoutBaggage"}: CtxValue,
	// The context errgroup.WithContext returns second (ctxSecond) is
	// cancelled when the group's Wait returns.
	{errgroupPkg, "", "WithContext"}:                   CtxInherit,
	{grpcMetadata, "", "NewOutgoingContext"}:           CtxValue, // grpc v1.85.0 metadata.go
	{grpcMetadata, "", "AppendToOutgoingContext"}:      CtxValue,
	{grpcMetadata, "", "NewIncomingContext"}:           CtxValue,
	{"github.com/rs/zerolog", "Logger", "WithContext"}: CtxValue, // zerolog v1.35.1 ctx.go
	{"github.com/go-logr/logr", "", "NewContext"}:      CtxValue, // logr v1.4.4 context_slog.go
}

const (
	otelTrace       = "go.opentelemetry.io/otel/trace"
	otelPropagation = "go.opentelemetry.io/otel/propagation"
	errgroupPkg     = "golang.org/x/sync/errgroup"
)

// ctxSecond are the derivations whose context is their second result:
// errgroup's WithContext returns the group first, and cancels the
// context when a goroutine fails or Wait returns (x/sync v0.23.0
// errgroup.go):
//
//	g, ctx := errgroup.WithContext(ctx)
var ctxSecond = map[Symbol]bool{
	{errgroupPkg, "", "WithContext"}: true,
}

// ContextEffect says what calling fn does to a deadline; the parent
// context, when there is one, is argument 0.
func ContextEffect(fn *types.Func) CtxEffect {
	if fn == nil {
		return CtxNone
	}
	return ctxFuncs[SymbolOf(fn)]
}

// ContextResult is the result of a derivation that is the context: 0
// but for the rows of ctxSecond.
func ContextResult(fn *types.Func) int {
	if fn != nil && ctxSecond[SymbolOf(fn)] {
		return 1
	}
	return 0
}

// HTTP and dialing without a timeout (go1.26.8 net/http/client.go,
// net/dial.go, crypto/tls; go-cleanhttp v0.5.2).
var (
	HTTPDefaultClient   = Symbol{"net/http", "", "DefaultClient"}
	HTTPClientTimeout   = Symbol{"net/http", "Client", "Timeout"}
	HTTPNewRequest      = Symbol{"net/http", "", "NewRequest"}
	HTTPNewRequestCtx   = Symbol{"net/http", "", "NewRequestWithContext"}
	HTTPRequestWithCtx  = Symbol{"net/http", "Request", "WithContext"}
	HTTPRequestClone    = Symbol{"net/http", "Request", "Clone"}
	HTTPClientDo        = Symbol{"net/http", "Client", "Do"}
	NetDialerTimeout    = Symbol{"net", "Dialer", "Timeout"}
	NetDialerDeadline   = Symbol{"net", "Dialer", "Deadline"}
	NetDialerDialCtx    = Symbol{"net", "Dialer", "DialContext"}
	NetDialerDial       = Symbol{"net", "Dialer", "Dial"}
	TLSDialWithDialer   = Symbol{"crypto/tls", "", "DialWithDialer"}
	CleanHTTPTransports = []Symbol{{cleanhttp, "", "DefaultTransport"}, {cleanhttp, "", "DefaultPooledTransport"}}
)

// RetryableRequestWithCtx is go-retryablehttp v0.7.8's
// (*Request).WithContext (client.go): a new Request holding the same body
// reader and response handler and r.Request.WithContext(ctx).
var RetryableRequestWithCtx = Symbol{retryHTTP, "Request", "WithContext"}

// RequestCopy reports whether fn returns a copy of its receiver request
// that does the same operation, with the same method, URL and body:
// (*http.Request).WithContext and Clone, which change only the context,
// and go-retryablehttp's (*Request).WithContext, which does the same.
// A request re-derived by one is the request it was derived from:
//
//	req = req.WithContext(ctx) // in each attempt: the same POST again
func RequestCopy(fn *types.Func) bool {
	s := SymbolOf(fn)
	return fn != nil && (s == HTTPRequestWithCtx || s == HTTPRequestClone || s == RetryableRequestWithCtx)
}

// HTTPShortcut reports whether fn sends a request with a context-free
// convenience API: http.Get/Head/Post/PostForm (http.DefaultClient) or
// the same methods of an *http.Client (the client's Timeout applies).
func HTTPShortcut(fn *types.Func) bool {
	s := SymbolOf(fn)
	if s.Pkg != "net/http" || (s.Recv != "" && s.Recv != "Client") {
		return false
	}
	switch s.Name {
	case "Get", "Head", "Post", "PostForm":
		return true
	}
	return false
}

// TimeoutFreeClient reports whether fn returns an *http.Client with no
// Timeout: go-cleanhttp's DefaultClient and DefaultPooledClient.
func TimeoutFreeClient(fn *types.Func) bool {
	s := SymbolOf(fn)
	return s.Pkg == cleanhttp && (s.Name == "DefaultClient" || s.Name == "DefaultPooledClient")
}

// TimeoutFreeDial reports whether fn dials with no timeout at all:
// net.Dial, net.DialTCP, tls.Dial (tls.DialWithDialer with a zero Dialer
// is matched where the dialer is made). net.DialUnix is left out: its
// connect does not wait for a remote peer.
func TimeoutFreeDial(fn *types.Func) bool {
	s := SymbolOf(fn)
	return s.Recv == "" && (s.Name == "Dial" && (s.Pkg == "net" || s.Pkg == "crypto/tls") || s.Name == "DialTCP" && s.Pkg == "net")
}

// sqlNoCtx are the database/sql methods with no context; each is a
// twin of a ...Context method and uses context.Background().
var sqlNoCtx = map[string]string{
	"Exec": "ExecContext", "Query": "QueryContext", "QueryRow": "QueryRowContext",
	"Prepare": "PrepareContext", "Ping": "PingContext", "Begin": "BeginTx",
}

// SQLWithoutContext returns the context-taking twin of a database/sql
// method that takes no context ("ExecContext" for (*sql.DB).Exec), or "".
func SQLWithoutContext(fn *types.Func) string {
	s := SymbolOf(fn)
	if s.Pkg != sqlPkg {
		return ""
	}
	switch s.Recv {
	case "DB", "Tx", "Conn", "Stmt":
		return sqlNoCtx[s.Name]
	}
	return ""
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool { return isContext(t) }

// joinedGo are the calls that run a function in a goroutine the caller
// then waits for, and whose error the wait returns (x/sync v0.23.0
// errgroup.go): what the function does is part of the work that waits.
// sync.WaitGroup.Go's function returns nothing, so no failure reaches
// its Wait.
//
//	g.Go(func() error { return rdb.Touch(ctx, k).Err() })
//	err := g.Wait()
var joinedGo = map[Symbol]bool{
	{errgroupPkg, "Group", "Go"}:    true,
	{errgroupPkg, "Group", "TryGo"}: true,
}

// JoinedGo reports a call that runs its function argument in a goroutine
// its caller joins and whose error the join returns.
func JoinedGo(fn *types.Func) bool { return fn != nil && joinedGo[SymbolOf(fn)] }

// ContextRows returns the catalogued context derivations (for tests).
func ContextRows() map[Symbol]CtxEffect { return ctxFuncs }
