// Package retryscan defines the retry recognizer that every retrylint
// analyzer builds on.
//
// # Analyzer retryscan
//
// retryscan: find retry sites and the code each attempt runs
//
// The retryscan analyzer reports nothing. It answers, for the package
// being analyzed, where the retry sites are and what each attempt runs,
// and it exports facts so that packages importing this one see which
// functions retry.
//
// A retry site is one of:
//
//   - a hand-rolled retry loop: a loop that runs an operation, leaves
//     when it succeeds and goes round again when it fails, counted
//     (for i := 0; i < 3; i++, for range 3), conditional or bare (for {}),
//     or written with goto (retry: ... goto retry); one that does not wait
//     must count its attempts (a counter it steps and tests to leave, a
//     parameter counted down: matrixone's doWithRetry(fn, 128,
//     isRetryable)); the decision may be
//     combined with other tests (err == nil || attempt == max), held in a
//     local boolean, made by a small predicate of the package
//     (shouldRetry(resp, err)), made on the response's status code
//     (5xx and 429 go round; 429 or 503 alone is enough, every other
//     failure returned), read from net/http's resp.StatusCode, a typed
//     error's status field, or a client library's status methods
//     (resty's resp.IsSuccess(), IsError(), StatusCode()), or on a bool
//     the attempt returns (ok, err
//     := tryLock(ctx)) in a loop that waits; in a loop that waits
//     between sends of a call that may leave this machine, it may also be
//     made by something the program is configured with: a status looked
//     up in a list (a predicate of the package that ranges over a slice,
//     slices.Contains(t.codes, resp.StatusCode)) or the bool answer of a
//     function value handed the outcome (rehttp's shape, retry, delay :=
//     t.retry(Attempt{Response: res, Error: err})), when success goes
//     round only through that answer: which outcomes such a loop retries
//     is unknown, the list's values are not read, and a loop with no
//     other bound has an unknown count; a transport whose function value
//     is handed the request (Attempt{Request: req}) may retry some
//     methods only, which is not judged (no client site, no finding of
//     nonidempotent); the attempt's error may
//     also be a pointer to an error struct of the package's own that is
//     no error value, nil on success (terraform's func() *RetryError);
//   - a loop driven by a library call that waits (coder/retry's
//     for r.Wait(ctx), and its goto form);
//   - a function that waits and calls itself with the same arguments
//     and a counter (fetch(ctx, url, left-1)): one retry layer, never
//     nested in itself;
//   - a call of a retry library with the operation as an argument:
//     backoff.Retry(op, b), retry.Do(op, opts...), retry.RetryOnConflict,
//     wait.ExponentialBackoff, gax.Invoke, failsafe-go executors, ...;
//   - a call that retries inside: retryablehttp's Client.Do (and the
//     *http.Client its StandardClient returns), a request sent through an
//     *http.Client whose Transport retries (transport.go: a
//     retryablehttp.RoundTripper, configured by the client in its field
//     as StandardClient is, failsafehttp's RoundTripper, configured by
//     the policies given its constructor and a retry only with a retry
//     policy among them, or a type whose RoundTrip method retries, of
//     the package or, through its fact, of another; the Transport's
//     dynamic type is read where the package builds the client and
//     where it sets the field, a helper of the package the client is
//     handed to included, and one from a parameter or another package's
//     interface value, of a client handed to another package's code, or
//     wrapped in the field of a transport that retries nothing itself,
//     is not followed; nor is a RoundTrip that tests its request, but for its
//     context and its body, in a condition: it retries only some
//     requests, the idempotent methods or those with a key, and which is
//     not judged), aws-sdk-go-v2 operations, aws-sdk-go v1 operations
//     on a service client (Op, OpWithContext, OpPages...; the count is
//     MaxRetries+1 of the aws.Config given to the session or the
//     client, 4 by default, DynamoDB 11), go-redis v9 commands on a
//     *redis.Client, ClusterClient, Ring or UniversalClient (or a
//     struct embedding one) and their Pipelined and TxPipelined, but
//     for a Ring's, which its shards send once (the count is
//     MaxRetries+1, a ClusterClient's MaxRedirects+1 times its nodes'
//     MaxRetries+1, read where the client is built; the error a
//     command's reply returns, .Err() or .Result(), is the command's
//     outcome), resty requests on a client with a retry count, gRPC
//     calls made on a channel, traced from the call to its dial, whose constant
//     service config has a retryPolicy for the call's method (and no
//     grpc.WithDisableRetry()) or whose retry interceptor
//     (go-grpc-middleware v2's or v1's) has a constant WithMax
//     (grpc.go), or whose unary interceptor written by hand runs
//     its grpc.UnaryInvoker in a retry of a constant count (a wrapper
//     of the invoker parameter: grpcintercept.go); the retry
//     interceptors one chain of the channel runs multiply, the call's
//     own retry options reaching only the outermost go-grpc-middleware
//     one of each version (grpcchain.go);
//   - a call of a user function that is a retry wrapper (it runs one of
//     its function parameters in a retry, directly or in a function
//     literal its loop calls in place, as a transaction helper does to
//     defer its rollback) or a retrier (it retries
//     inside, at any depth), known across packages through facts, or
//     declared with a //retrylint:retrier attempts=N comment. A wrapper
//     that counts its attempts against one of its integer parameters
//     (withRetries(n, f), retry.Attempts(uint(n))) makes as many
//     attempts as the constant its caller passes; the count is followed
//     through wrappers of wrappers, but not when the wrapper changes the
//     parameter first. A wrapper known to look at no context (nothing in
//     it is one, and its retry goes round on a context's error) says so
//     in its fact, for retryclass to judge at the call, where the
//     caller's context is.
//
// An attempt may build its request before sending it, and leave when
// building fails: only the send's error decides. A variable declared
// before the loop and built anew in each attempt from values the loop
// does not change is the same operation each time; one computed from its
// previous value (the next mirror, the next page) is not; a request
// re-derived from itself by a copy that keeps its method, URL and body
// (req = req.WithContext(ctx), req.Clone(ctx)) is the same. Nor is a call
// whose argument the loop writes a changing value into, a field or an
// entry (cfg["port"] = port; port++, or cfg.Port++): a search for a free
// port or name, not a retry. A variable the loop steps and tests to
// leave counts attempts and changes nothing (attempt++; if attempt >= 5
// { return err }), nor does a field of the value the call is made on
// (c.retries++ before c.do(ctx)). This is read on the syntax: a change
// made on some rounds only (port++ when the port is taken, the same port
// again after a timeout) counts as a change, and such a loop is missed.
//
// For each site it knows the attempt bound (a number, unknown, or
// unbounded; and whether a context or elapsed time ends it), the delay
// policy as far as it can be seen, and the attempt body. A loop's wait
// with a jitter that cannot be negative added to it (d + rand.N(d/4),
// 2*time.Second + rand.N(time.Second), in the loop or in a wait helper
// of the package) is at least the wait without it (Delay.Least, up to
// the delay's clamp of constant limit, Delay.LeastCap), and the
// worst case lists those floors (WorstCase.AddedJitter); a wait that can
// be shorter than its delay (rand.N(d), d - rand.N(x)) is unknown. The number is
// what runs: an apimachinery wait.Backoff whose Cap is reached before its
// Steps run out ends there (Step sets Steps to 0), and the site counts
// those attempts, keeping the Steps as the bound's Promised. A loop's exit
// on a count it cannot count is an unknown bound, never none: a counter
// carried round the loop, or a number a call returns from a value made
// before the loop (b.Attempt() < 8 on a jpillora Backoff, c.inc() >= 8).
//
// A site's configuration is read where it is built: in the function, in
// a struct field every write of which the package shows, in a helper of
// the package, and in a helper of another package that returns a policy,
// options or a client (retrycfg.NewBackoff(), cfg.RetryOptions(),
// httpclient.New() returning retryablehttp's StandardClient). Such a
// helper's package exports what the helper configures as a fact: the
// catalogued options, constructors and fields it uses, with their
// constant values. A value the helper takes from its caller, or from a
// package variable, stays unknown.
//
// Not retry sites: read and scan loops (success goes round, an error
// leaves), accept, worker and event loops (success does not leave; an
// event loop's select may hold a tick, time.After or a timer, when the
// tick's clause runs the work as the other channels' clauses do: raft's
// replication loop sends on new entries and on every tick, whatever the
// last send did),
// hand-off loops (an attempt that succeeds when a non-blocking send to
// another goroutine goes through, sleeping while the consumer is busy),
// pagination and cursor loops (success leaves only on the last page;
// a step whose bool result the caller names a stop signal, stop, err :=
// step() with stop, shouldStop, quit, abort or halt, says "carry on"
// with false, so a loop going round on it goes round on success, as
// raft's replicateTo does batch after batch),
// failover loops (each iteration tries a different host: hosts[i], or a
// target picked anew until none is left; a slice of durations is a
// schedule of waits, not of targets, so ranging over it or counting to
// its length is a retry of unknown count), poll loops (the loop waits on
// a ticker, asks a question such as isReady, or goes round only while
// the answer is "not found": HTTP 404, gRPC NotFound,
// apierrors.IsNotFound, os.ErrNotExist, sql.ErrNoRows, go-redis's redis.Nil
// (an error constant, read as the constant its type's package declares
// with that value), or an error
// variable of a package made by errors.New or fmt.Errorf without %w that
// the package produces only on one of those branches, such as
// errNotFound returned when resp.StatusCode == http.StatusNotFound; a
// name or message that says "not found" is not enough, nor is a
// sentinel its package never produces: "leader not found" is an outage
// a retry rides out; or goes round on a success as what the answer says,
// a 202, a Retry-After to wait for, a state such as "pending"), recursive
// walks (the
// call recurses on something else), and the wait.Poll and wait.Until
// families. A loop whose success goes round only when the server asks
// for a retry itself, in a header or a bool field of its response named
// for it (x-should-retry: true, which the Stainless-generated SDKs
// openai-go and anthropic-sdk-go honour before the status;
// Stripe-Should-Retry; resp.Retryable), is a retry when it goes round on
// a failure without being asked; a header or field about the wait or the
// count (Retry-After, X-Retry-Count) asks for nothing.
// What a loop runs in a block that always leaves it (after
// success, on giving up) runs once and is not part of the attempt.
// A range-over-func loop over an iterator made by a call (for attempt
// := range attempts(5)) is a retry when its attempt does not use what
// the iterator yields; its bound is the iterator's count when an
// iterator of the package calls the body in one counted loop, with the
// count a constant where the iterator is made, and unknown otherwise
// (iterators.go).
//
// An attempt may keep its outcome in a field the loop tests rather than
// return it, as nanotube's reconnect does:
//
//	for wait := time.Duration(0); h.Conn == nil; {
//		time.Sleep(wait)
//		wait = min(2*wait+10*time.Millisecond, 5*time.Second)
//		h.connect() // dials; sets h.Conn only when the dial succeeds
//	}
//
// Such a loop is a retry when the call is of a function of the package,
// handed the field's owner (h, or &h.Conn), that writes the field, in
// its body or one call down (h.Conn.New(conn) setting c.Conn), may
// reach a peer (it is not local, as for Site.Local), and leaves in the
// field the connection it dialled, or a constant, when its calls
// succeed, and nil or what was there when they fail. So is a loop on a
// flag the attempt sets beside the error it returns (for !c.connected
// { if err := c.connect(); err != nil { ...; continue } }) and one that
// stores the attempt's result in the field itself (for c.conn == nil {
// c.conn, err = net.Dial(...); ... }). The loop ends only when the
// attempt succeeds: with no other exit it has no bound. A count of the
// rounds the body steps and hands to the attempt, which the attempt only
// compares with constants (if attempt == 1 { h.Available = false }),
// leaves the operation the same; one that goes anywhere else (a port)
// makes the loop a search. Not retries: a loop that waits for another
// goroutine to set the field (no call in it writes the field, or one
// only reads it), one whose call fills it on this machine (a file read,
// a computation), one whose call writes a field it does not test, and
// one whose call keeps what the server answered rather than whether the
// call worked (c.leader = st.Leader: a poll for a state). A call through
// an interface or a function value, or a closure, is not read for the
// field it writes.
//
// What makes one attempt is no site: client retries turned off in
// visible code (retryablehttp RetryMax = 0, aws.NopRetryer, aws-sdk-go
// v1 MaxRetries: aws.Int(0) or client.NoOpRetryer,
// RetryMaxAttempts = 1 or a standard retryer whose StandardOptions say
// MaxAttempts = 1, go-redis MaxRetries = -1, a resty client without a
// retry count),
// retry.Attempts(1), backoff.WithMaxRetries(b, 0), a wrapper called with
// a count of 1, a loop that goes round once, a sethvargo/go-retry
// operation none of whose errors can be a retry.RetryableError (go-retry
// stops on any other: optin.go). A chain passes through it
// as through a plain call. A policy or a client that merges several
// definitions (set on the ways of an if or a switch, returned by a
// helper, of this package or of another through its fact, from several
// returns) is read on each way: one attempt only when every way is,
// otherwise the most attempts of the ways that retry, or N when one
// cannot be read (configways.go):
//
//	var b backoff.BackOff = exp
//	if retryFor == 0 {
//		b = backoff.WithMaxRetries(exp, 0) // one attempt on this way only
//	}
//	return backoff.Retry(fn, b) // N attempts
//
// A go-retry operation's error may be a retryable one when it is made
// by RetryableError, by a function of the package that calls it, or by one of another package that exports an OptInFact
// (only a package that calls RetryableError, or a function with the
// fact, exports any: a function of another package that returns what an
// interface method or a function value gives it counts as making none),
// or when it comes from where the code is not seen: a
// parameter, an interface method of a package other than the standard
// library's, a function value whose every value the package does not
// show. Then the count stays the library's, as it does at the call of a
// wrapper around retry.Do, whatever operation the call hands it. Where a client is configured out of sight (kept
// in a struct field), the package's own settings decide: a package that
// turns a library's retries off anywhere is taken to do so everywhere.
//
// A retrying call in an attempt is a nested layer only when the site can
// go round after the call fails (the engine walks the attempt from the
// call under its failure); one in a function handed to an errgroup's Go
// or TryGo, whose Wait the attempt joins, counts when the function returns
// the call's failure (a goroutine started with go counts never): a loop that resyncs with a retrying loader and
// gives up when the loader fails runs the loader once. What makes a
// site's function run (Result.Trigger: a request, an event, the run of
// main or a goroutine, or unknown) is read from the package's handlers,
// gRPC methods, exported API, go statements and the calls between them.
//
// A retrier whose loop goes round only when a bool of its configuration
// is true, a bool its package never sets true itself (engine.Switch:
// Alibaba Cloud's Config.AutoRetry, false in the Config sdk.NewConfig
// makes, set by WithAutoRetry(on)), retries only for users who turn it
// on: its layer keeps the switch (Hop.Switch) in every chain and fact, and
// counts only in a package that sets the field true (cfg.AutoRetry =
// true, sdk.Config{AutoRetry: true}) or hands true to one of its setters
// (cfg.WithAutoRetry(true)); elsewhere, the client built with the default
// or out of sight, the call makes one attempt as far as the recognizer
// knows. A stop flag (if s.closed { return }) and a retry the library
// turns on itself are no switches.
//
// The standard library's own replays (net/http resending a request the
// server never processed, database/sql's retry on driver.ErrBadConn) are
// not counted, and std packages export no facts.
//
// The recognizer works on syntax and types only, so that it stays cheap
// on every dependency, where go vet runs it to compute facts.
package retryscan
