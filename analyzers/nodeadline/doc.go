// Package nodeadline defines an Analyzer that reports outbound calls
// that can wait forever.
//
// # Analyzer nodeadline
//
// nodeadline: report outbound calls that can wait forever
//
// A call to another process with no deadline waits as long as the peer
// or the network likes: gRPC waits forever when the context has no
// deadline, and http.Get uses http.DefaultClient, whose Timeout is zero.
// A retry on top multiplies the hang, or never gets to retry at all. The
// deadline must come from the top and be passed down, so that work whose
// caller has given up stops.
//
// The analyzer reports a context with no deadline that reaches an
// outbound call:
//
//	ctx := context.WithValue(context.Background(), key, v)
//	resp, err := client.Check(ctx, req) // reported: no deadline on the way
//
// Fix it by deriving the context with a deadline, as high up as the work
// starts:
//
//	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
//	defer cancel()
//	resp, err := client.Check(ctx, req)
//
// Contexts with no deadline are context.Background(), context.TODO() and
// contexts derived from them only through WithCancel, WithCancelCause,
// WithValue, signal.NotifyContext or a library's catalogued derivation
// that adds a value (OpenTelemetry's tracer.Start and propagators, grpc's
// metadata.NewOutgoingContext, zerolog's and logr's loggers; a function
// of another package is otherwise read through its fact, but an
// interface method has none); context.WithoutCancel drops a
// deadline its parent had. WithTimeout, WithDeadline and their Cause
// variants add one. Derivations are followed through variables, as the
// code runs: a variable holds at a call what was last assigned to it, and
// where several assignments can reach the call (a branch, a loop, a
// closure sharing the variable) it has no deadline only when none of them
// gives it one.
//
// Outbound calls are: gRPC generated client methods (first parameter a
// context, last ...grpc.CallOption) and ClientConn.Invoke/NewStream,
// aws-sdk-go-v2 service operations and aws-sdk-go v1's WithContext
// ones, database/sql ...Context methods,
// pgx v5 Conn, Pool and Tx methods, MongoDB client, database and
// collection methods, grpc.DialContext told to block (below), and any
// function whose context parameter reaches one of these. Such a
// function gets a fact, and a caller passing it a deadline-less context
// is reported at that call with the chain:
//
//	context.Background() reaches a gRPC call via b.Fetch -> HealthClient.Check with no deadline: ...
//
// A gRPC dial told to wait until the channel is ready (grpc.Dial or
// grpc.DialContext with grpc.WithBlock, or with WithReturnConnectionError,
// which implies it) waits forever while the server is down or the
// address is wrong: grpc reconnects underneath with its own backoff and
// the dial does not return. It is reported wherever it is, not only in a
// retry, since it waits on its own:
//
//	conn, err := grpc.Dial(addr, grpc.WithBlock(), grpc.WithTransportCredentials(creds)) // reported
//
// grpc.Dial waits with context.Background(). grpc.WithTimeout with a
// duration that is not the constant 0 ends the wait, and so does a
// deadline on DialContext's context; a context parameter makes a fact,
// so that a caller handing it a context with no deadline is reported at
// its call ("reaches a blocking gRPC dial via ..."). The options are read
// as the package shows them (a slice literal, appends, the package's
// helpers); a list the analyzer cannot read (an opts... parameter, a
// DialOption of another package) may hold the timeout and keeps the dial
// quiet, as does a context from a field. grpc.NewClient never waits.
// FailOnNonTempDialError(true) bounds nothing: it ends the wait on a
// refused connection or a name that does not exist, while a server that
// accepts and never answers, a host that drops the packets or a name
// grpc's DNS resolver cannot resolve (dns:///...) still holds the dial
// forever.
//
// The context parameter of a function literal is the context it is
// handed: by a call of it in place, by a retry helper of the package
// that calls its attempt with the context it is given (unchanged or
// with no deadline added), or by a retry library that hands its context
// on as it is (sethvargo's Do, wait.ExponentialBackoffWithContext,
// go-resiliency's RunCtx, flowchartsman's RunContext):
//
//	func withRetries(ctx context.Context, n int, fn func(context.Context) error) error { ... fn(ctx) ... }
//	withRetries(ctx, 3, func(ctx context.Context) error {
//		_, err := hc.Check(ctx, req) // the ctx withRetries is given
//		return err
//	})
//
// A helper may hand the attempt on to another helper of its package
// (Do(ctx, f) calling do(ctx, f), or calling it inside a closure it hands
// to one as that one's attempt, with the context that one hands the
// closure), or call it inside a closure that runs where it is made,
// called in place or as the operation of a retry library, with the
// context it captures or the one the library hands it:
//
//	func boRetry(ctx context.Context, fn func(context.Context) error) error {
//		return backoff.Retry(func() error { return fn(ctx) }, backoff.NewExponentialBackOff())
//	}
//
// An exported retry helper gets a fact, so that a literal given to it by
// an importer is read the same way. A helper that gives each attempt a
// deadline, gax.Invoke (which may add one), a literal used more than
// once or kept in a variable handed elsewhere, and a helper whose closure
// is kept (a field, a variable, a result) or handed to code that is not
// a retry library are not followed. A generic helper
// (func retryT[T any](ctx context.Context, fn func(context.Context) (T, error)) (T, error))
// is read through its generic body, whatever T a call gives it.
//
// A context received as a parameter is the caller's responsibility and
// is not reported where it is used; neither are r.Context() of an
// incoming request, t.Context() in tests, or contexts handed to
// functions that make no outbound call (a server's Serve, local work).
//
// A gRPC call is bounded by its channel when an interceptor bounds it: a
// timeout interceptor (go-grpc-middleware v2's
// timeout.UnaryClientInterceptor), or the retry interceptor
// (retry.UnaryClientInterceptor, v2's or v1's grpc_retry) with retry
// options that give each
// attempt a per-retry timeout and a WithMax other than 0. The options
// are read where they are given, later ones winning: the interceptor's
// own, grpc.WithDefaultCallOptions, then the call's.
//
//	conn, err := grpc.NewClient(addr, grpc.WithChainUnaryInterceptor(retry.UnaryClientInterceptor()))
//	client := pb.NewOrdersClient(conn)
//	client.Get(context.Background(), req, retry.WithMax(3), retry.WithPerRetryTimeout(5*time.Second)) // bounded
//
// Retry options with no retry interceptor on the channel are ignored by
// gRPC, and a per-retry timeout with no WithMax never applies (the
// interceptor calls once, without it): both are reported. A client whose
// channel the analyzer cannot see (a parameter, a DialOption of another
// package) is taken to have the interceptor its call's per-retry options
// ask for.
//
// Values kept in struct fields and made by helpers are followed. An
// unexported field of the package whose address is never taken has every
// write in sight; its value is the join of its writes, so a context kept
// in a field by a constructor is judged like a local one:
//
//	func newWorker() *worker {
//		ctx, cancel := context.WithCancel(context.Background())
//		return &worker{ctx: ctx, cancel: cancel, http: &http.Client{}}
//	}
//	w.client.Check(w.ctx, req) // reported: no deadline
//	w.http.Do(req)             // reported when req has no deadline either
//
// An unexported package variable whose address is never taken is read
// the same way (var client = &http.Client{}; an init that sets its
// Timeout counts). Exported fields and package variables may be set by
// importers and are not judged outside retry attempts. Inside an
// attempt, a client kept in an exported field of one of the package's
// structs, or in an exported package variable of the package, is judged
// by the package's own writes to it, since what its constructor or
// initializer makes is what callers get unless they replace it:
//
//	type Svc struct{ HTTP *http.Client }
//	func NewSvc() *Svc { return &Svc{HTTP: &http.Client{}} }
//	retry.Do(func() error { _, err := s.HTTP.Do(req); return err }) // reported
//
// A method that sends on its receiver's client field with the caller's
// context (c.HTTP.Do(req)) leaves the client to its caller: a call with
// a context that has no deadline is reported when the receiver is built
// with a client without Timeout in the field, by a constructor, of this
// package or another, that leaves the field so, or by a struct literal
// of the calling package that sets it so (in place, or returned by one
// of its functions); no function of the field's package but a
// constructor writes the field or sets its Timeout through it (no
// SetHTTPClient, no option, no SetTimeout); and the caller neither sets
// the field or its Timeout nor hands the receiver to other code:
//
//	c := apiclient.New(url) // &Client{HTTP: &http.Client{}}
//	retry.Do(func() error { _, err := c.GetOrder(context.Background(), id); return err }) // reported
//	c = &apiclient.Client{URL: url, HTTP: http.DefaultClient}
//	c.GetOrder(context.Background(), id) // reported
//
// A literal that leaves the field unset is not judged (what the method
// does with a nil client is its own); a field set from a parameter of
// the function building it is what its call passes, and from a
// parameter of the calling function is judged as client parameters are
// (below).
//
// A client field returned by an unexported accessor of the package
// (func (s *svc) client() *http.Client { return s.http }) is judged like
// the field when every call of the accessor is in sight (as for client
// parameters below) and none of them sets the Timeout or hands the
// client on. Not judged, in or out of an attempt: a field written from a
// constructor's parameter, a client field handed to other code
// (configure(s.http), an exported accessor), or one whose Timeout is set
// through it (s.http.Timeout = d). A request, a context
// or a client returned by a function of the same package
// (req, err := newRequest(ctx, url)) is read as if its return statements
// were written in place, with the helper's context and request
// parameters taking the caller's arguments; a helper that adds a
// deadline or a Timeout is quiet.
//
// # gRPC clients the program wraps
//
// A service often keeps another service's client in a field of the
// generated interface, filled at start-up (dependency injection), and
// fills it with a wrapper of its own that bounds every call, as
// Temporal's client/matching does:
//
//	func (c *clientImpl) ForceLoadTaskQueuePartition(ctx context.Context, req *Req, opts ...grpc.CallOption) (*Resp, error) {
//		ctx, cancel := c.createContext(ctx) // context.WithTimeout(parent, c.timeout)
//		defer cancel()
//		return client.ForceLoadTaskQueuePartition(ctx, req, opts...)
//	}
//	pm.matchingClient.ForceLoadTaskQueuePartition(context.Background(), req) // not reported
//
// A call of a unary method through a generated client interface (one
// whose every method has the generated shape) is taken as bounded when
// the calling package imports, directly or through other packages, a
// package with a type of its own that implements the interface and
// bounds that method: the method's context reaches no outbound call
// with no deadline added, and every outbound call it makes (in its
// body, its function literals, or the functions of its package it
// calls), one at least, gets a context that has a deadline added on
// every way to it (context.WithTimeout or WithDeadline, there or in a
// helper of the package such as createContext). A call on a stub the
// function visibly makes (pb.NewMatchingServiceClient(conn)) is judged
// as the stub's.
//
// Why: the program wrote a wrapper that bounds the call, and a service
// that has one wires it; it exists to stand in for the stub, and which
// one a field holds is decided at run time, out of sight of the calling
// package. The rule is per method and per implementation: a wrapper
// that bounds Check but not List leaves List's calls reported, and a
// wrapper that only counts, logs or retries and delegates (Temporal's
// metric and retryable clients) bounds nothing by itself and changes
// nothing. What is missed on purpose: a call through the interface on
// the stub itself, made in a package that sees the wrapper, when the
// stub comes from elsewhere (a parameter, another package's
// constructor): taken for the wrapper's. What stays reported on purpose:
// a wrapper the caller's imports do not reach (wired in by main from a
// package the caller does not import), one in the caller's own package
// (its methods are judged after the package's calls), a wrapper method
// that hands its call to a function value (Temporal's
// invokeWithPartitionCounts(ctx, ..., c.pollActivityTaskQueue) for polls
// and task adds) or bounds it on some ways only, streams, and the chain
// of a function of a package that cannot see the wrapper, read by an
// importer that can. The wrapper's timeout is not read: a zero one ends
// the call at once, which bounds it too.
//
// Cost: a package looks for wrappers only when it imports grpc and
// declares a type with a method of the generated shape; the methods
// found go into a package fact that each importing package re-exports
// with its own (go/analysis hands a package only its direct imports'
// package facts), kept short as the methods bounded or all but those
// not bounded.
//
// # Connections that wait forever
//
// A connection dialed with no timeout (net.Dial, net.DialTCP,
// net.DialUnix, tls.Dial, a net.Dialer without Timeout or Deadline) and
// then read or written with no deadline waits as long as the peer stays
// silent, inside a retry or not:
//
//	conn, err := net.Dial("tcp", addr)
//	n, err := conn.Read(buf) // reported: call conn.SetDeadline first
//
// The reads and writes are the connection's own methods and the standard
// functions given it (io.ReadFull, bufio.NewReader, fmt.Fprintf,
// encoding/json.NewDecoder, ...), on the connection or a copy of it (a
// closure sharing it included). The function must keep the connection
// in sight: one that is returned, stored in a field, converted
// (conn.(*net.TCPConn)) or handed to other code is not judged, nor one
// copied to another connection with io.Copy (a tunnel lives as long as
// its peers), nor a datagram write. A SetDeadline, SetReadDeadline or
// SetWriteDeadline anywhere in the function counts.
//
// A connection to a Unix socket (net.DialUnix, or a network "unix",
// "unixgram", "unixpacket") talks to a process on this machine and is
// not judged; a datagram connection ("udp", "ip4:icmp", "unixgram") is
// not judged on writes, which do not wait for the peer. The network is
// read where the package shows it: a constant, a variable, the elements
// of a slice literal ranged over, or a field of a local struct literal
// (addr := &net.UnixAddr{Net: "unixgram"}; net.DialUnix(addr.Net, ...)).
// A network the analyzer cannot see may be TCP. A read or write that
// several dials can reach (a Unix socket or the network the caller
// names) is reported once, each dial that waits forever a related
// location.
//
// A read or write in a goroutine is unblocked by cancellation when the
// dialing function waits on the Done channel of a context that can end
// (or on time.After) and closes the connection itself; the Close ends
// the blocked call:
//
//	defer conn.Close()
//	go func() { _, err := conn.Write(msg); errc <- err }() // not reported
//	select {
//	case err := <-errc:
//	case <-ctx.Done(): // ctx from context.WithTimeout
//	}
//
// A dial with no timeout and no context (net.Dial, net.DialTCP, tls.Dial, Dial on a
// net.Dialer without Timeout) in a function that has a context someone
// can end (a parameter, one with a deadline or a used cancel func) is
// reported: cancelling the context does not stop the dial, which waits
// for the operating system's connect timeout (minutes). The fix names
// the context: (&net.Dialer{}).DialContext(ctx, network, address).
//
// HTTP requests are reported when neither a deadline nor a client
// Timeout bounds them: http.Get, Head, Post and PostForm (they use
// http.DefaultClient and no context), and Client.Do, Get, Head, Post,
// PostForm on http.DefaultClient, on a client literal without Timeout
// (&http.Client{Transport: t}), new(http.Client), or go-cleanhttp's
// DefaultClient and DefaultPooledClient, when the request's context has
// no deadline (http.NewRequest, or NewRequestWithContext with a
// deadline-less context). A client from an exported field or a
// constructor of another package the catalog does not know is assumed
// to have a Timeout. A client parameter is the clients the callers
// pass, when every caller is in the package: the function is
// unexported, not generic, never used as a value (f := check), and, for
// a method, no interface of the package has a method of its name. One
// caller passing a client with Timeout, or one the analyzer cannot
// judge, keeps it quiet; the parameter of an exported function, whose
// importers are unseen, is assumed to have a Timeout:
//
//	func NewClient() *http.Client { return &http.Client{Transport: t} }
//	func check(c *http.Client, url string) error {
//		resp, err := c.Get(url) // reported: ... passed in via wait -> check
//	}
//	func wait(c *http.Client, url string) error { for check(c, url) != nil { ... } }
//	wait(NewClient(), url)
//
// A client handed to a function of the package counts as configured only
// if that function sets its Timeout or hands it on to code that may.
//
// database/sql calls are outbound only through a driver that talks to
// a server with no bound of its own. A handle opened with sql.Open by
// the name of an embedded engine ("sqlite" of modernc.org/sqlite,
// "sqlite3" of mattn/go-sqlite3, "duckdb") or of a driver whose client
// has a timeout ("rqlite", 10 s; "clickhouse", whose reads have a 300 s
// ReadTimeout unless set) reads a file on this machine or gives up by
// itself, and its calls are not reported; so is a handle from a driver's
// own opener the catalog lists (clickhouse.OpenDB) or from an exported
// function of another package that returns such a handle on every path
// (a fact):
//
//	db, err = sql.Open("sqlite", path)               // var db *sql.DB
//	tx, err := db.BeginTx(context.Background(), nil) // not reported
//
// The driver name is read like a dial's network (a constant, a variable,
// the package's own package variable whose every write is a constant);
// the handle is followed back to its sql.Open through variables, helpers
// and the package's own unexported package variables, and from a Tx,
// Conn or Stmt to its DB. A handle from a parameter, a field or
// sql.OpenDB, and a name the catalog does not know ("pgx", "postgres",
// "mysql"), stay outbound.
//
// # Inside retry sites
//
// Inside the attempt of a retry site (a retry loop, the operation of a
// retry library, a call that retries inside such as an aws-sdk-go-v2
// operation), every attempt must be bounded, so the analyzer is stricter
// there: it also reports net.Dial, tls.Dial and dials on a net.Dialer
// with no Timeout or Deadline (they wait for the operating system's
// connect timeout, minutes, per attempt), and database/sql calls without
// a context (db.Query, db.Exec, ...), which nothing can bound or cancel;
// and the exemption of main and init below does not apply. Messages name
// the retry: "every attempt of retry.Do can wait forever", "every attempt
// of the retry loop in openDB", and through a chain of calls the function
// that holds the retry, not the first of the chain. A call of a
// function that holds a retry is such a place only for a context that
// reaches a call in that retry: a function that queries a database once
// and then deletes keys with go-redis (whose client retries the Del on
// its own) puts its caller's context in no retry, and main may call it
// with context.Background().
//
// A database/sql call without a context one or two functions below the
// attempt is reported at the attempt's call of the helper, with the
// chain; a helper of another package counts when it is exported (it
// carries a fact):
//
//	func openAndTest(c driver.Connector) (*sql.DB, error) {
//		db := sql.OpenDB(c)
//		return db, db.Ping()
//	}
//	for range 300 {
//		db, err := openAndTest(c) // reported: openAndTest -> DB.Ping
//
// The helper's call counts when it is in the helper's own body, not in
// a function literal, a goroutine or a retry site of the helper's (that
// one is reported there), and the handle may be remote (not SQLite). A
// handle the helper is given is judged at the attempt's call, by what it
// passes (setup(db) with a SQLite db is quiet). Outside retry attempts
// such a helper is not reported (nor at the call of a function that
// retries inside: the rest of its work is not retried), and a call three
// or more helpers below the attempt is not followed.
//
// # Judgements
//
// Streams and watches (gRPC streaming methods, go-redis subscriptions,
// MongoDB change streams) are meant to live as long as the process or
// their owner, and a deadline would cut them off. A stream whose context
// comes from context.WithCancel with a cancel func that is used is not
// reported; one that nothing can cancel is (category stream).
//
// The main and init functions of package main are not checked outside
// retry sites: a one-shot command is watched by the person who ran it,
// and Ctrl-C is its deadline. Library code, goroutines and workers are.
//
// A stream opened by a function of package main that only main runs
// lives as long as the command, like one main opens: a subcommand that
// prints a watch until Ctrl-C. Such a function is called, not started
// with go, only by main, init, other such functions, or the body of a
// command-line subcommand (a function or literal given as a
// cobra.Command's Run or RunE, their Pre and Post hooks, or kingpin's
// Action); a function an HTTP handler, a goroutine or any other function
// value reaches is not, and its streams are reported. Only streams: a
// call that can hang in a command's helper is reported, since a
// command's loop may run for days.
//
// go-redis calls are not reported: every command is bounded by the
// client's ReadTimeout and WriteTimeout (5s by default). Calls that a
// package makes to its own outbound methods (database/sql's Exec calling
// ExecContext with context.Background()) are the package's context-free
// API, and are not reported there; so is a context-free method X that
// hands context.Background() to its twin XContext on the same receiver
// (database/sql's naming Begin -> BeginTx included). Any other
// context-free method that does (Refresh calling c.refresh(ctx)) is
// reported.
//
// Test files are skipped by default: tests talk to httptest servers and
// fakes, and the test binary has its own timeout. So is test harness
// code: a non-test file that imports "testing" (a suite helper), and
// every file of a package named as a test package (mtest, testutil,
// dbtesting) when one of its files imports "testing" (a driver's
// integration framework). The other files of a package holding a suite
// helper are a service's, and are reported.
//
// Examples and commands are run by someone who watches them: example
// code (an import path element example, _example or ending in examples,
// such as examples/std or internal/docexamples, and files named
// example*.go) and the functions of package main. A deadline-less context
// there is worth one finding per function, not one per call: the first
// call is reported, the others are its related locations. On the sweep
// the two database drivers' 258 findings become 23: one driver's doc
// examples and integration harnesses (which import testing) go from 164
// to none, the other's examples/std from 91 to 20, one per function.
//
// # Flags
//
//	-nodeadline.retry-only  report only inside retry sites (for teams that want the narrow check first)
//	-nodeadline.tests       report in _test.go files and test harnesses too
//	-nodeadline.every-call  in examples and commands, report every call, not only each function's first
//
// # Categories
//
//   - ctx: a context with no deadline reaches an outbound call.
//   - ctx-chain: a context with no deadline reaches an outbound call
//     through other functions.
//   - stream: a stream or watch that nothing can cancel.
//   - grpc-block: grpc.Dial or DialContext told to wait for the
//     connection (grpc.WithBlock), with no timeout and no deadline.
//   - http-default: http.Get and friends, on http.DefaultClient.
//   - http-client: a request with no deadline on a client with no Timeout.
//   - dial: a dial with no timeout inside a retry.
//   - dial-ctx: a dial with no context though one is at hand.
//   - conn: a connection read or written with neither a dial timeout nor a
//     deadline.
//   - sql-noctx: a database/sql call without a context inside a retry.
//   - noctx-chain: a retry attempt calls a function that makes a
//     database/sql call without a context.
//
// # Limitations
//
// The analyzer asks retrylint's engine (go/ssa) where values come from
// and go. A field is the join of all its writes, and one with a deadline
// counts as having one; a variable whose address is handed to other code
// (fill(&ctx)) is not judged. Across functions it follows context
// parameters (with facts), the results of helpers of the same package,
// and of exported helpers of other packages that return a context or a
// request (with facts), as any of their results (g, ctx :=
// group.New(ctx); errgroup.WithContext is a catalog row), in a package
// that names the context package or only hands a context to calls. It
// misses on purpose: exported fields and
// package variables outside retry attempts, contexts in exported
// fields, fields of structs of other packages (but for a receiver's
// client field, above) and fields whose address is taken;
// clients and dialers configured elsewhere (assumed to have a Timeout),
// dialer parameters, client parameters of exported functions or of
// functions with a caller out of sight, and a client whose callers join
// over a recursion or more than eight functions; context-free calls
// below an attempt other than database/sql (a dial with no timeout in a
// helper; http.Get is reported in the helper itself), three or more
// helpers down, or through a function value or an interface;
// a request or connection kept in a field; connections dialed in one
// function and read in another, or read after a dial with a timeout
// (the dial timeout does not bound reads, but the author chose one);
// calls through interfaces other than gRPC stubs and pgx.Tx; a Timeout
// set to zero at run time. A client with no Timeout whose Transport sets
// dial, TLS handshake and response header timeouts is still reported:
// reading the body has no bound (a server that sends the headers and
// stalls holds the request forever), though the message does not say the
// headers are bounded; go-redis clients configured with ReadTimeout
// -1. The standard library is not analyzed (log/syslog's connection with
// no deadline is not reported): what it does to contexts and calls is in
// the catalog, and go vet would otherwise analyze every standard package a
// module imports for findings it never shows.
//
// gRPC interceptors are known by the catalog: go-grpc-middleware v2's
// retry and timeout interceptors and v1's retry interceptor (v1 has no
// timeout interceptor); an interceptor of another library or
// of the service's own (one that adds a deadline) is not, and a call on
// a channel built with it is reported unless the call asks for a
// per-retry timeout. A service config's "timeout" (grpc's
// WithDefaultServiceConfig) is not read; nor are stream interceptors.
// A goroutine unblocked by cancellation is recognized only as a function
// literal started with go in the dialing function, with the wait and
// the Close in that function; a helper that does either is not seen.
// A blocking gRPC dial is judged by its options all together: a
// grpc.WithTimeout appended on some ways only (under an if) counts for
// every way. One the caller stops waiting for (started with go, with a
// select on a timer) is reported though only its goroutine waits.
// The dial-ctx check looks for contexts the function has as parameters,
// captured variables or values made before the dial, not contexts in
// fields (s.ctx). Example code is known by its path and file names only:
// an example package named otherwise is library code. A function that
// only main runs is found from the references the package's syntax
// shows: a method also called through an interface from a goroutine is
// taken for main's own. A database/sql driver is known by the name given
// to sql.Open, not by the package that registers it.
//
// Kubernetes API calls (client-go's typed clients, controller-runtime's
// client.Client) are not outbound calls here, on purpose, even with a
// context that has no deadline: client-go's HTTP/2 transport checks the
// connection's health (a ping after 30 s without a frame, the
// connection closed when no answer comes within 15 s; on by default
// since client-go v0.20), and the API server ends every request that is
// not a watch after its --request-timeout (60 s by default). A stalled
// API server holds such a call for about a minute, not forever. A poll
// whose condition drops the poll's context for context.Background() is
// therefore not reported either: the poll overruns its timeout by that
// minute at most.
//
// A call through a generated gRPC client interface is bounded by a
// wrapper of the program's own only as "gRPC clients the program wraps"
// says: a stream, and a call whose wrapper is out of the caller's
// imports, in the caller's own package, or hands the call to a function
// value, are judged as calls of the stub.
package nodeadline
