// Package nonidempotent defines an Analyzer that reports retries around
// operations that must not run twice.
//
// # Analyzer nonidempotent
//
// nonidempotent: report retries around operations that must not run twice
//
// A timeout does not mean the operation did not happen: the server may
// have done the work and lost the reply. A retry is safe only when
// running the operation twice leaves what running it once leaves, or when
// the server can recognise the repeat by an idempotency key. The analyzer
// reports, inside the attempt body of a retry (a retry loop, a retry
// library's operation, a call of a retry wrapper; see the recognizer,
// retryscan), and in the functions the attempt calls, in this package or
// in others:
//
// HTTP requests whose method is not idempotent (RFC 9110: POST, PATCH,
// CONNECT and unknown methods; GET, HEAD, OPTIONS, TRACE, PUT and DELETE
// are idempotent), unless the request carries an idempotency-key header
// whose value is made before the retry:
//
//	for attempt := 0; attempt < 3; attempt++ {
//		resp, err = client.Post(url, "application/json", body)
//		// retry wraps an HTTP POST with no Idempotency-Key header: ...
//
// The request may come from http.Post, http.PostForm, Client.Post,
// Client.PostForm, or http.NewRequest[WithContext] (and retryablehttp's)
// sent by Client.Do or a RoundTripper's RoundTrip, with the method written as "POST", http.MethodPost
// or any constant that folds to one. A call of a client that retries
// inside is a retry on its own: retryablehttp's Client.Do, Post and
// PostForm, an *http.Client from its StandardClient or given a
// retryablehttp.RoundTripper, failsafehttp's RoundTripper with a retry
// policy (failsafehttp.NewRoundTripper(nil, rp)) or a transport whose
// RoundTrip retries as its Transport (reported at the RoundTrip instead
// when it retries any method; see below), and a resty request whose
// client is given a retry count:
//
//	client := resty.New().SetRetryCount(3)
//	client.R().SetBody(order).Post(url)
//	// resty.Request.Post retries an HTTP POST with no Idempotency-Key header: ...
//
// A helper that builds the request with the method its caller names is
// judged at each call, by the constant method the call passes; a caller
// that hands on a method parameter of its own is judged at its callers
// in turn, across packages too:
//
//	func (m *mailer) send(ctx context.Context, method, path string) error {
//		req, err := http.NewRequestWithContext(ctx, method, m.base+path, nil)
//		...
//	}
//	m.send(ctx, http.MethodPost, "/messages") // in a retry: reported
//	m.send(ctx, http.MethodPut, "/drafts/1")  // not
//
// When the helper sends on a client that retries inside (retryablehttp),
// the call that names a method that is not idempotent is reported, in a
// retry or not:
//
//	c.do(ctx, "POST", "/v1/charges", in)
//	// retryablehttp.Client.Do retries (through Client.do) an HTTP POST with no Idempotency-Key header: ...
//
// A helper that retries the request itself (a retry loop or a retry
// library's operation around the send, or around a call of a helper
// that sends, or a sender that retries the request it is handed, below)
// is such a client too:
//
//	func (c *Client) doWithRetries(method, url string) error {
//		for i := 0; i < 3; i++ {
//			if err = c.doOnce(method, url); err == nil { ... }
//	...
//	c.doWithRetries(http.MethodPost, url)
//	// Client.doWithRetries retries Client.doOnce, which sends an HTTP POST with no Idempotency-Key header: ...
//
// A request re-derived in each attempt (req = req.WithContext(ctx),
// req.Clone(ctx)) is the request it was built as, with its method.
//
// The method is judged on the paths that reach the send. A helper that
// sends some methods once and the others on a retrying client, or
// retries only some of them, is reported only at calls naming a method
// that can reach the retry: the branches read are tests of the method
// parameter (==, !=, !, the cases of a switch, a lookup in an
// unexported package map of constant methods that is only read, and a
// call of a function of the package whose body is such a test) that
// every path to the send passes:
//
//	if method == http.MethodPost || method == http.MethodPatch {
//		resp, err = c.rc.HTTPClient.Do(req.Request) // sent once
//	} else {
//		resp, err = c.rc.Do(req)
//	}
//	c.do(ctx, http.MethodPost, url) // not reported
//
// A loop whose count such a test sets to one on the way to it, or that
// such a test leaves after the attempt, makes one attempt of those
// methods, and does not retry them:
//
//	attempts := 4
//	if !isIdempotent(method) {
//		attempts = 1
//	}
//	for i := 0; i < attempts; i++ { ... c.once(ctx, method, path) ... }
//
// The body of a range-over-func retry (for range attempts(3) { ... }) is
// read like a loop's.
//
// A transport or a reverse proxy resends the request it is handed, and
// whatever method that request has, an unknown one, is retried with it
// (moonrhythm/parapet#76). The send is reported once, inside the retry,
// when the request is the one a RoundTrip method or a handler
// (ServeHTTP, a func(http.ResponseWriter, *http.Request)) receives,
// resent as it is, as a copy (req.Clone(ctx), req.WithContext(ctx)), or
// as a request built or set with its method (http.NewRequest(r.Method,
// ...), out.Method = r.Method), on a RoundTripper, a Client or a client
// that retries inside:
//
//	func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
//		for i := 0; i < 3; i++ {
//			resp, err := t.next.RoundTrip(req)
//			// retry resends the caller's request whatever its method: a POST or PATCH that timed out may run twice; ...
//
// Here the fix is to retry only the requests that may run twice, and
// send the others once: a test of the request's method, of its
// idempotency-key header, or of its body (a request with a body sent
// once), read like a test of a method parameter above, that every path
// to the send, to the count of its loop, or from the attempt back round
// the loop, passes:
//
//	if !isIdempotent(req.Method) && req.Header.Get("Idempotency-Key") == "" {
//		return t.next.RoundTrip(req) // once
//	}
//	...
//	resp, err := t.next.RoundTrip(req)
//	if attempt == retryMax || req.Method != http.MethodGet || err == nil {
//		return resp, err // only a GET goes round again
//	}
//
// Such a retry is one defect, whichever requests reach it: a POST the
// package sends through a client whose Transport is that RoundTrip, in
// this package or, through a fact, in another, is not reported again at
// the POST, nor at a call that hands the request to the RoundTrip. A
// helper the package's own code hands its requests to (doWithRetry(req)
// above) is judged at those calls instead, where the method is seen, and
// not at its send.
//
// The fix is one key for all attempts:
//
//	key := uuid.NewString() // once, before the retry
//	err := backoff.Retry(func() error {
//		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, body())
//		...
//		req.Header.Set("Idempotency-Key", key)
//
// A key made inside the attempt changes on every attempt and protects
// nothing; that is the keyregen analyzer's finding, reported at the key.
// nonidempotent reports only requests that carry no key at all, so one
// defect gives one finding.
//
// SQL statements that are not idempotent, sent by Exec or ExecContext of
// database/sql's DB, Conn, Tx and Stmt (sqlx's DB and Tx embed them), and
// by Exec of pgx v5's Conn, Tx, pgxpool.Pool, pgxpool.Conn and
// pgxpool.Tx:
//
//   - UPDATE ... SET c = c + x (or -, *, /, ||, CONCAT, array_append):
//     a column set relative to its own value, unless the WHERE clause
//     compares a column the statement sets with a value (the optimistic
//     lock "SET version = version + 1 ... WHERE version = $3", a state
//     transition "SET status = 'paid' ... WHERE status = 'open'"), so
//     that a second run matches no row;
//   - INSERT without ON CONFLICT ... DO NOTHING, ON CONFLICT ... DO UPDATE
//     or ON DUPLICATE KEY UPDATE with absolute values, INSERT IGNORE,
//     INSERT OR IGNORE/REPLACE, or WHERE NOT EXISTS; a relative upsert
//     (DO UPDATE SET n = t.n + EXCLUDED.n) is reported;
//   - DELETE ... LIMIT n, which deletes other rows each time.
//
// For example:
//
//	retry wraps "UPDATE accounts SET balance = balance - $1": running it
//	twice debits twice; make the statement idempotent or retry the whole
//	transaction
//
// One statement of a transaction begun before the retry (tx.Exec in the
// attempt, db.Begin outside it) is reported whatever the statement: a
// deadlock or serialization failure aborts the whole transaction, and
// only a retry of the whole transaction (Begin inside the attempt, Commit
// at its end) recovers. Statements of a transaction begun inside the
// attempt are never reported: the failed attempt's transaction was rolled
// back.
//
// A request may be built in one function and sent by a helper that
// checks the answer (c.send(req), with c.HTTP.Do(req) inside): a
// function that hands a request parameter to a send or to another such
// helper, itself, through a local copy (attemptReq := req) or
// re-derived (req.WithContext(ctx), req.Clone(ctx), or a helper that
// returns such a copy: cloneRequest(req) in the package, an exported
// one of another package, through a fact), is a sender of it, and its
// call is read as the send of the request it is given, in this package
// or, through a fact, in others. A sender that sends inside a retry of
// its own (doWithRetry(req)), or sends once and then again in a retry
// that follows (the first attempt before the loop, the re-send at the
// end of each round), retries the request it is given, and its call is
// reported like a retrying client's:
//
//	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, body)
//	return c.doWithRetry(req) // Client.doWithRetry retries an HTTP POST with no Idempotency-Key header: ...
//
// unless its retry tests the request on the way (if
// !isIdempotent(attemptReq.Method) { return err }, read like a
// RoundTrip's tests below) and lets no request that may not run twice
// go round again: it sends those once. An exported helper of another
// package that builds the request with the method its parameter names
// is read, through a fact, as a request builder (bitbucket-cli#230):
//
//	req, err := c.http.NewRequest(ctx, "POST", path, body) // http.NewRequestWithContext(ctx, method, ...) inside
//	err = c.http.Do(req, &created) // Client.Do retries an HTTP POST with no Idempotency-Key header: ...
//
// A sender may be reached through an interface of the package's own (a
// Doer seam, oapi-codegen's HttpRequestDoer) kept in an unexported field
// that the package fills with a retrying decorator: the call runs the
// methods of the dynamic types the package gives the field, every one in
// sight (none from a parameter or another package), and is a retrying
// sender's call when each of them retries the request it is given
// (langwatch's Go SDK, #4998):
//
//	func New(url string) *Client { return &Client{doer: &retryingDoer{inner: &http.Client{...}}} }
//	return c.doer.Do(req) // in rawJSON(ctx, method, ...): reported where a caller names POST
//
// A field filled from a constructor's parameter, or with a decorator
// whose Do sends a POST once, is not reported.
//
// Messages handed to a peer that delivers them: net/smtp's SendMail and
// Client.Data. A server that accepted the message and whose reply was
// lost has sent it, and no key lets it tell the repeat:
//
//	retry.Do(func() error { return smtp.SendMail(addr, auth, from, to, msg) })
//	// retry wraps smtp.SendMail (an e-mail): if an attempt fails after the server accepted the message, ...
//
// Functions: a function that does any of the above, or calls one that
// does, gets a fact, so a retry of a call of it is reported at the call,
// in any package, with the chain:
//
//	retry wraps billing.Charge, which sends an HTTP POST with no
//	Idempotency-Key header (via billing.Charge -> post): ...
//
// A call in a go statement is not one the function makes: the goroutine
// runs on its own and the caller does not wait for it (a constructor that
// starts an uploader with go u.run(ctx) sends nothing when it is retried).
//
// A function whose doc comment has the line
//
//	//retrylint:nonidempotent sends an e-mail
//
// is reported like one (stored procedures, SMTP, message queues), and
//
//	//retrylint:idempotent the server deduplicates by order ID
//
// marks a function safe: calls of it, and chains through it, are not
// reported. Both travel to other packages as facts. Mail libraries and
// the SDKs of mail and message services are not catalogued: mark their
// callers //retrylint:nonidempotent.
//
// Protocols idempotent by contract (the catalog's Protocol rows) need no
// key whatever their method: OTLP export, whose receivers accept
// duplicated telemetry and whose exporters are expected to retry. A POST
// whose URL ends in /v1/traces, /v1/metrics or /v1/logs (the constant
// tail of endpoint + "/v1/traces" or fmt.Sprintf("%s/v1/metrics", e)),
// and any request made by the
// OpenTelemetry exporters' and the collector's OTLP exporter packages,
// is not reported; a POST to another path of the same client is.
// Google's IAM Service Account Credentials API
// (google.golang.org/api/iamcredentials/v1: signBlob, signJwt,
// generateAccessToken, generateIdToken) only computes a signature or a
// token: its calls are not reported either.
//
// The key header may be set by a helper the request is handed to: one of
// the package whose body names a key header, one of another package
// known by its fact (hdr.SetKey(req, key)), or a function value of the
// package, a request decorator kept in a package variable or an
// unexported field so that tests can replace it, when every function the
// package puts there names a key header (decorate(req, key)); one that
// may also be set from outside (a parameter, an exported variable) is not
// read.
//
// A request can carry what makes it safe in its body. A form field that
// only a protocol idempotent by contract sends (OpenID Connect
// Back-Channel Logout's logout_token, a JWT whose jti lets the client
// detect a replay; logging a session out twice leaves it logged out), or
// a field named like an idempotency key (idempotency_key, dedup_id: the
// names keyregen takes for keys), makes the request keyed, as the header
// does:
//
//	body := url.Values{"logout_token": {token}}.Encode()
//	req, _ := retryablehttp.NewRequestWithContext(ctx, "POST", u, []byte(body))
//	cl.Do(req) // not reported
//
// The body is read where it is a url.Values (or map) built with a
// literal, an index assignment or Set/Add with constant names, or the
// JSON (json.Marshal) of such a map or of a struct (its fields' Go and
// JSON names), passed
// as PostForm's data or, through Encode, string and []byte conversions,
// strings.NewReader, bytes.NewReader and bytes.NewBuffer[String], as the
// body of http.Post or of the request given to Do. A form or a struct
// with other fields is reported. A JSON body encoded from a parameter of
// interface type (PostJSON(ctx, path, v any)) is its callers' to key: a
// call passing a struct literal that sets a key field, or a value of a
// struct type that has one, is not reported; a literal that leaves the
// key field out is.
//
// A retry runner that asks its caller whether the function may run
// twice, and runs it once when told no, retries only what its caller
// declared idempotent, and its calls are not reported. The runner tests
// a bool parameter whose false (alone, or joined to other conditions by
// && and ||) leads to a single call of the function and a return, in
// this package or, through the recognizer's wrapper fact, in another:
//
//	func run(ctx context.Context, call func(context.Context) error, retry *retryConfig, isIdempotent bool) error {
//		if (retry.policy == RetryIdempotent && !isIdempotent) || retry.policy == RetryNever {
//			return call(ctx)
//		}
//		for { ... }
//	}
//	run(ctx, func(ctx context.Context) error { ... Insert(b).Do() ... }, s.retry, s.idempotent(cond)) // not reported
//
// A runner with no such flag, or whose flag only chooses to log or how
// long to wait, is reported at its calls.
//
// A local admin API's POSTs that set a state are idempotent by effect:
// Envoy's admin /healthcheck/fail, /healthcheck/ok, /drain_listeners,
// /logging, /runtime_modify and the others of the catalog's "Envoy admin"
// row. Their paths are common words, so they count only on a local
// address: a URL whose constant start holds a loopback host
// (http://127.0.0.1:9901, http://localhost:%d, http://[::1]), or a
// client built in the same function whose transport dials a unix socket
// (net.Dial("unix", ...), (*net.Dialer).DialContext(ctx, "unix", ...),
// net.DialUnix), whatever the URL's host ("http://unix/...",
// "http://envoy/..." name no host then). The same path on a remote host,
// or on a client that does not dial a socket, and another path on the
// unix-socket client, are reported.
//
// # Flags
//
// -nonidempotent.keyheaders: comma-separated request headers that also
// carry an idempotency key, beyond the catalogued Idempotency-Key,
// X-Idempotency-Key, Cko-Idempotency-Key, PayPal-Request-Id,
// Repeatability-Request-ID and X-Goog-Gcs-Idempotency-Token, and any
// header whose name says idempotency (Idempotence-Key). It is one
// list with keyregen's -keyregen.keyheaders: -keyheaders=X-Dedup-Key, without the analyzer
// name (the retrylint command and go vet; in golangci-lint a top-level
// keyheaders setting), sets both, so that a request keyed by the header
// is not reported here and a key made anew per attempt is reported by
// keyregen.
//
// -nonidempotent.tests: report in _test.go files too.
//
// # Limitations
//
// The analyzer reports only what it can read, and assumes the rest is
// right. It cannot know that a POST only reads (a search, a GraphQL
// query, an OAuth token request): mark the function that sends it
// //retrylint:idempotent, or silence the line with //retrylint:ignore.
// A method is read where it is a constant expression given to the
// request's builder or set as its Method, or the method of the request
// a RoundTrip method or a handler is handed (not that of a request
// another helper is handed, nor of one read from a field); a statement where it is a
// constant, or what a variable, a helper of the package or an unexported
// field its package sets holds, and a method that comes from the
// helper's parameter where the helper is called (a call that passes
// neither a constant nor a parameter of its own is not judged), whether
// the helper sends the request or only builds it for the attempt to send
// (req, _ := newRequest(ctx, http.MethodPost, url); hc.Do(req); one
// helper deep; an exported builder of another package only where every
// return builds the request itself with the method parameter as it is,
// not through a helper of its own). A branch on the method is read only in the function
// that declares the parameter or receives the request, not in a
// function literal, and not on a copy of the method
// (strings.ToUpper(method), the Method of a request built from it); a
// predicate is read only in the package (isIdempotent(method),
// canRetry(req), not another package's httputil.IsIdempotent(method)),
// and only when what it returns for a method does not depend on the
// other things it tests (each is read both ways). A retry that resends
// a handed request only when it was not written at all (a dial error)
// is reported like any other, and so is a handler that a router serves
// for GET alone (mux.HandleFunc("GET /items", h)). A count of attempts is read where the
// loop compares it as it is (i < attempts, not i < attempts-1) and it is
// set before the loop to a constant that allows one attempt; a count
// changed inside the loop is not read. A helper
// whose method reaches both a send made once and a retrying client is
// judged by the retrying one: a retry around a call of it that takes
// the send made once is not reported. A retry that repeats a request
// only on an answer that says the server did not act (a 429) is
// reported like any other. It does
// not read a statement that comes from a parameter, nor a method or a
// statement that comes from an exported field, a package
// variable, a variable that may hold different values, fmt.Sprintf,
// strings.Builder or a query builder; a concatenation is read when its
// unknown parts stand only for a table name. It does not
// follow calls through interfaces (but for a RoundTripper's RoundTrip,
// a send, and a sender's interface below) or function values (a retry decided by a function value handed
// the request, rehttp's t.retry(Attempt{Request: req}), may retry GETs
// only and is not judged), a request copied other than by Clone or
// WithContext (a struct copy, r := *req; return &r), ORM methods (gorm's Create, Update with gorm.Expr),
// sqlx's NamedExec and MustExec, pgx batches, SDK operations (Stripe,
// AWS, gRPC) or resty.dev/v3 (which does not retry POST unless told to).
// A header set by a helper the request is handed to counts as a key when
// the helper's name mentions idempotency or, in the same package, its
// body names a key header (a function value of the package: every
// function it can hold does); an exported helper of another package counts
// when it sets the key header on the very request or header map it is
// given (hdr.SetKey(req, key)), not on a copy of it. Statements of a
// transaction received as a parameter are not judged, since the caller
// decides where the
// transaction begins. Code inside a function's own retry is reported
// there, and does not make callers of the function report again, but
// for a request whose method the callers name (doWithRetries above). A
// client library calling its own methods (retryablehttp.Post calls
// defaultClient.Post) is not reported: its callers are. A re-run of a
// whole transaction after an ambiguous COMMIT error can still apply it
// twice; the analyzer does not report that. A protocol is known by its
// path only when the URL's tail is a constant: a URL taken whole from
// configuration is judged by its method. A body is read only in the forms
// above: a body written with json.NewEncoder, or a form whose field
// names are variables, is judged by its method and headers. A
// unix-socket client is seen only where the http.Client literal that
// holds the dial is assigned to the variable that sends, in the same
// function: a client built by a helper, or kept in a struct field, is
// not. The caller of a gated runner is trusted: a constant true handed
// with a POST is not reported, and a flag kept in an options struct or a
// field (run(ctx, f, opts) with opts.Idempotent) is not read as a gate,
// nor is a flag tested inside the loop after the attempt (if
// !idempotent { return err }): those runners are reported. A
// key set on the context (gax-go's callctx.SetHeaders, which
// google.golang.org/api clients add to each request) is not read.
package nonidempotent
