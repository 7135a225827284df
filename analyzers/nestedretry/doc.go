// Package nestedretry defines an Analyzer that reports retries nested
// inside retries.
//
// # Analyzer nestedretry
//
// nestedretry: report retries nested inside retries
//
// When every layer of a stack retries, attempts multiply: three attempts
// at each of five layers (client, API, service, data access, driver) is
// 3^5 = 243 calls on the bottom dependency for one request, sent just
// when that dependency is least able to take them. Retry belongs in one
// layer; the others should fail fast and pass a classified error up.
//
// The analyzer reports a retry site whose attempts reach another retry,
// directly or through a chain of calls of any depth, across packages:
//
//	for i := 0; i < 3; i++ {            // retry loop (3 attempts)
//		if err = fetchUser(ctx, id); err == nil {
//			break
//		}
//		time.Sleep(time.Second)
//	}
//
//	func fetchUser(ctx context.Context, id string) error {
//		return backoff.Retry(op, backoff.WithMaxRetries(b, 4)) // 5 attempts
//	}
//
// is reported at the loop as
//
//	retry loop (3 attempts) calls fetchUser, which retries again: up to 15
//	calls per request (3x5 via fetchUser -> backoff.Retry); retry in one layer only
//
// with one related location per hop. A function that retries by calling
// itself after a wait is a site too, reported at its self-call
// ("recursive retry"). The count is per request on a
// request path: an HTTP handler, a gRPC method, exported API, and what
// any of them calls. Code that only main, init, a goroutine (go
// w.watch(ctx)) or what only they call reaches says per run; a
// controller-runtime Reconcile method or a client-go informer's event
// handler, per event; code the package shows no caller of, per call of
// the function holding the site. The product counts the attempts of
// every layer of the deepest chain; a layer whose count is not a visible
// constant shows as N, and so does one with no attempt limit that a
// context or an elapsed time ends (retry.AddWithMaxAttempts(r, 0) on a
// call given ctx: finite, but no number the code shows); one that
// nothing ends shows as ∞. Clients that retry inside
// count as layers: hashicorp/go-retryablehttp (5 attempts by default,
// also through the *http.Client its StandardClient returns, or one given
// a retryablehttp.RoundTripper as its Transport), an *http.Client whose
// Transport is failsafe-go's failsafehttp RoundTripper given a retry
// policy (failsafehttp.NewRoundTripper(nil, rp): the policy's count, 3
// attempts when it sets none; with only a circuit breaker or a timeout,
// or policies handed in by a caller, no layer), an *http.Client whose
// Transport is a type whose RoundTrip retries (of the package, or of
// another through its fact), every
// aws-sdk-go-v2 operation (3 attempts; DynamoDB 4 with its own retryer;
// or the MaxAttempts of the standard retryer the client or the call is
// given, 3 by default, DynamoDB's too: set in the
// option function of retry.NewStandard, a literal or a function of the
// package, or by retry.AddWithMaxAttempts or RetryMaxAttempts), every
// aws-sdk-go v1 operation on a service client (*ecs.ECS, *s3.S3; Op,
// OpWithContext and their Pages forms, not OpRequest, which sends
// nothing: 4 attempts, DynamoDB 11, or the MaxRetries+1 of the
// aws.Config given to its session or to its New, MaxRetries: aws.Int(n)
// or WithMaxRetries(n), or of the client.DefaultRetryer given as its
// Retryer; client.NoOpRetryer makes one), every
// go-redis v9 command on a *redis.Client, ClusterClient, Ring or
// UniversalClient, and its Pipelined and TxPipelined but a Ring's (4
// attempts: MaxRetries+1, a ClusterClient's MaxRedirects+1; -1 is one
// attempt), resty requests on a client with a retry count, openai-go v3
// calls (client.Chat.Completions.New and every other service method: 3
// attempts, MaxRetries+1 as option.WithMaxRetries sets it on the client or
// the call), and retrying
// functions of other packages, known through facts. A go-redis command's
// failure is the error its reply returns (rdb.Get(ctx, k).Result(),
// .Err()), so a lock loop that asks again while SetNX answers false and
// leaves when it fails adds no layer.
//
// The fix is to keep one layer: usually the outermost one that knows
// whether the whole operation may be repeated, with the inner ones set to
// a single attempt (retryablehttp RetryMax = 0, aws.NopRetryer or
// RetryMaxAttempts = 1, aws-sdk-go v1's aws.Config MaxRetries:
// aws.Int(0), redis.Options MaxRetries = -1, option.WithMaxRetries(0),
// retry.Attempts(1)),
// or the innermost one, with the outer loop removed.
//
// A gRPC channel that chains two retry interceptors or more is reported
// at its dial (grpc.NewClient, Dial, DialContext), whether or not a loop
// retries its calls: each attempt of the outer interceptor is a whole
// call of the inner one, so every unary RPC on the channel makes the
// product of their counts, and the outer go-grpc-middleware interceptor
// keeps a call's retry options to itself (retry.Disable() on a call
// turns off only that one):
//
//	r := retry.UnaryClientInterceptor(retry.WithMax(5))
//	opts = append(opts, grpc.WithUnaryInterceptor(r))
//	if token != "" {
//		opts = append(opts, grpc.WithChainUnaryInterceptor(authInterceptor(token), r))
//	}
//	conn, err := grpc.NewClient(addr, opts...)
//
// is reported at the dial as
//
//	the channel chains 2 retry interceptors (5 attempts each): up to 25
//	calls per unary RPC (5x5); keep one
//
// with one related location per interceptor, where it is installed. The
// interceptors counted are go-grpc-middleware's retry interceptor, v2's
// (interceptors/retry) or v1's (retry, package grpc_retry), with a
// constant WithMax above 1 (its own options, and for the outermost one
// of its version the channel's grpc.WithDefaultCallOptions and the
// call's) and one written by hand
// that retries its invoker a constant number of times. The dial's
// options are read way by way: interceptors appended in an if and in its
// else never chain together, and a second grpc.WithUnaryInterceptor
// replaces the first. Interceptors chained into one by go-grpc-middleware
// v1's grpc_middleware.ChainUnaryClient, the way v1's users chain them
// (grpc.WithUnaryInterceptor(grpc_middleware.ChainUnaryClient(auth, r))),
// are read in order, each at its argument of the chain. A gRPC call on
// such a channel counts the product as its layer.
//
// A retrying call counts as a layer only when the outer site can make
// another attempt after that call fails: a watch loop that resyncs with
// a retrying loader after a compaction error, and gives up when the
// loader fails, runs the loader's retries once, not once per attempt:
//
//	if errors.Is(err, errCompacted) {
//		if err := w.reload(ctx); err != nil { // retries inside
//			return err // not a layer; log and go round, and it is
//		}
//	}
//
// Likewise a retry helper that goes round only on the errors it names (a
// transaction helper retrying serialization failures: errors.As into the
// driver's error and a test of its code) is no layer over a go-redis or
// HTTP call in the function it runs, whose failure it returns at once;
// over a gRPC call it is, since the call's status may carry the code it
// retries.
//
// Nor is a loop that goes round only on an error of the package's own
// type, made after the retrying call inside worked: the inner layer's
// failure is another package's error, of no type of ours, and leaves.
// The AWS SDK's downloader retries a part only when copying the body of
// a GetObject that worked fails:
//
//	n, err = d.tryDownloadChunk(&params, &chunk) // GetObject (retried by the SDK), then io.Copy
//	if bodyErr, ok := err.(*errReadingBody); ok { // io.Copy's failure alone
//		continue
//	}
//	return err
//
// A call that hands the other package an interface (a reader of ours) or
// a function with results (retry.Do's operation) may have an error of
// ours handed back, and the loop stays a layer.
//
// An event loop is no layer: a loop whose iteration blocks on a select
// over channels other goroutines feed, with a tick that runs the same
// call whether or not the last one failed, calls a retrying helper once
// per event, not once per failure:
//
//	for !stop {
//		select {
//		case <-stopCh:
//			return
//		case <-trigger:                            // new entries
//			stop = r.replicateTo(s, last())        // retries inside: one layer
//		case <-randomTimeout(commitTimeout):       // a tick, not a backoff
//			stop = r.replicateTo(s, last())
//		}
//	}
//
// A select that only waits (its clauses empty but for a stop) after a
// failed call is a retry's wait, wake-up channel or not, and still makes
// a layer.
//
// Nor is a helper that sends batch after batch a layer: raft's
// replicateTo goes round after a step whose bool result it names stop
// (if stop, err := r.sendLatestSnapshot(s); stop {...}), whose false is
// success, and returns on an error.
//
// One finding per outer site: a site inside another site's attempt in
// the same function is covered by the outer report.
//
// Flags:
//
//	-nestedretry.min-layers=N        report chains of at least N layers (default 2)
//	-nestedretry.ignore-packages=P   comma-separated import path prefixes whose
//	                                 chains are not reported
//	-nestedretry.tests               report in _test.go files too
//
// A decorator that keeps what it wraps behind an interface, in an
// unexported field every write of which the package shows, is followed
// through the methods of the values written there:
//
//	type resilient struct{ cache Cache }
//	func newResilient(addr string) *resilient {
//		return &resilient{cache: &redisCache{rdb: redis.NewClient(opts)}}
//	}
//	v, err = r.cache.Get(ctx, key) // in a retry loop of 3: up to 12 calls (3x4 via redisCache.Get)
//
// So is an interface value another package's constructor returns, when
// that constructor returns values of types it shows on every return (its
// package records which of their methods retry):
//
//	func NewRedis(addr string) Cache { return &redisCache{...} } // package store
//	c := store.NewRedis(addr)
//	v, err = c.Get(ctx, key) // in a retry loop of 3: up to 12 calls
//
// So is an AWS SDK client (v1 or v2) behind an interface, the seam a
// service's tests fill with a fake (its own, or the SDK's
// ecsiface.ECSAPI): a call through it is the client's operation when the
// only type in sight that implements the interface is the client of the
// package that declares the operation's input, and no type of the
// calling package implements it (a fake or a buffer there may be what the
// value holds):
//
//	type sqsAPI interface { SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error) }
//	_, err = p.client.SendMessage(ctx, in) // in a retry loop of 3: up to 3xN calls (the client's count, N, is its builder's)
//
// A count its constructor's argument sets (store.NewReader(url, retryFor)
// with retryFor 0 turning the reader's retry off) is read as unknown: the
// chain is still reported, NxN.
//
// Limitations: calls through interface methods and function values other
// than local closures, the operation passed to a retry, the unexported
// interface fields above (an exported one, or one also set from a
// parameter, stays unknown) and the results of constructors above (one
// that returns another interface value stays unknown) are not
// followed, but for the Transport of an *http.Client whose dynamic type
// (or failsafehttp constructor) the package shows where it builds the
// client or sets the field, in a helper of the package too (one from a
// parameter, another package's
// interface value, of a client handed to another package's code, or
// wrapped by a transport that retries nothing itself, stays unknown; so
// does a transport whose retry is decided by a function value handed the
// request, github.com/PuerkitoBio/rehttp's Transport among them, which
// has no catalog row); retries in the standard library (net/http replays of requests
// the server never processed, database/sql's ErrBadConn retry) are not
// counted; a gRPC call is a layer only when the channel it is made on,
// traced from the call to its dial in this package, retries it: a
// constant service config whose retryPolicy applies to the call's method
// (read from the generated stub's X_Method_FullMethodName constant or
// Invoke's constant argument; when that cannot be read, only a config
// that retries every method alike counts; grpc.WithDisableRetry() and
// grpc.WithMaxCallAttempts on the channel are read), or
// go-grpc-middleware's retry interceptor (v2 or v1) with a constant
// WithMax (a call given retry.Disable() of the interceptor's version
// makes one attempt), or a unary interceptor
// written by hand (WithUnaryInterceptor, WithChainUnaryInterceptor)
// whose retry of its invoker has a constant count: a function of the
// package, a literal a helper of the package returns, or a function of
// another package whose wrapper fact says so (an interceptor a
// constructor of another package returns, a method value, or a count
// the code does not show counts none). A gRPC client whose channel
// is out of sight (from a parameter, an exported field, dialed in
// another package, or a service config that is not a constant) counts
// no gRPC retries, even in a package that dials a retrying channel
// elsewhere. A dial is checked for chained retry interceptors only when
// all its options are in sight in the package (a DialOption list from a
// parameter of the function that dials, or from another package's
// helper, hides them), and not when
// one interceptor's count is not a constant (WithMax(cfg.Retries) may be
// 0: no retries); stream interceptors are not read; a chain
// is only seen when the packages along it were analyzed (go vet and the
// retrylint command analyze every dependency). A client built where the
// analyzer cannot see it (passed in as a parameter, kept in a field the
// package never writes or writes from a parameter) is a layer of N
// attempts, its builder's count, never its library's default (an
// unexported function the package calls once is read with the client
// that call passes), unless the package turns that library's retries
// off somewhere (then it counts none), aws-sdk-go v1 and v2, go-redis
// and go-retryablehttp alike; what an AWS call's own options set (a
// count, a retryer built there) counts; an SDK client called through
// an interface that a type of another package the caller does not import
// also implements (a decorator wired in main) is read as the client;
// a client or
// policy returned by a helper of another package counts as that helper
// configures it; an AWS standard retryer's MaxAttempts set further than
// the option function its constructor is given (a function of the
// package appended to retry.AdaptiveModeOptions.StandardOptions; a
// literal there is read) counts as the default, 3. A hand-rolled loop
// of another package that goes round only when a bool of its
// configuration is true, one its package never sets true itself (if
// !c.config.AutoRetry { return }: Alibaba Cloud's SDK, whose
// sdk.NewConfig leaves it false), counts only in a package that turns it
// on (cfg.AutoRetry = true, WithAutoRetry(true)): a client built with the
// default, or whose configuration is built out of sight (a constructor of
// another package, a parameter), makes one attempt as far as the analyzer
// knows, even when that other package turns the retry on; and a package
// that turns it on for one client counts it for all its clients of that
// SDK. Beyond that, the layers are multiplied without reading which
// failures each goes round on: an outer loop that retries only 409
// conflicts around an SDK that retries only 5xx is still reported. The
// commonest such loop, one that goes round only on "not found" while it
// waits for something to appear, is a poll and no layer at all; "not
// found" includes a package's own sentinel when the package returns it
// only on a 404, a gRPC NotFound or a catalogued absence such as
// sql.ErrNoRows or go-redis's redis.Nil (not on its name: one also
// returned on a 5xx, or never returned where the analyzer can see, keeps
// the loop a layer). Go-redis commands are
// layers only on the four client types: a redis.Cmdable or
// redis.Pipeliner may be a pipeline, whose commands only queue; a
// pipeline's Exec, Script.Run and the commands of a *redis.Tx are not
// followed; Watch is no layer (it runs its function once, and the loop
// around it goes round on redis.TxFailedErr, an answer). A
// UniversalClient is counted as the single-node client its options make:
// in cluster mode it makes MaxRedirects+1 times MaxRetries+1 attempts,
// and MaxRetries -1 leaves the cluster's 4, so its count may be read too
// low, never too high. What
// makes code run is read from this package alone: a function of an
// internal package that only a goroutine of another package starts is
// exported API here, so per request.
package nestedretry
