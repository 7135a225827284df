// Package retrybudget defines an Analyzer that reports retries that
// cannot fit inside their deadline.
//
// # Analyzer retrybudget
//
// retrybudget: report retries that cannot fit inside their deadline
//
// A retry lives inside a time budget: the deadline of the context it
// runs on. Its worst case is the sum of its attempts, each as long as
// its per-attempt timeout, and of the waits between them. An operation
// with a one minute deadline that retries three times, each attempt with
// a 30s timeout and 2s and 10s waits between them, needs
// 30s + 2s + 30s + 10s + 30s = 1m42s: the second attempt can be cut
// short and the third never runs. The retry promises resilience it
// cannot deliver, and the caller's deadline, not the policy, decides what
// happens. The worst case comes from the retryscan recognizer
// (retryscan.Site.WorstCase): the constants the code shows and the
// libraries' documented defaults (retry-go's delay of 100ms, which its
// BackOffDelay and FixedDelay read when retry.Delay does not set it,
// whichever retry.DelayType chooses them). The analyzer reports four kinds of
// finding, each with its own category.
//
// over-budget: the worst case exceeds the deadline around the retry:
//
//	ctx, cancel := context.WithTimeout(ctx, time.Minute)
//	defer cancel()
//	for i := 0; i < 3; i++ { // retry can take 30s + 2s + 30s + 2s + 30s = 1m34s but its context has a 1m0s deadline ...
//		actx, c := context.WithTimeout(ctx, 30*time.Second)
//		err = call(actx)
//		c()
//		...
//		time.Sleep(2 * time.Second)
//	}
//
// The deadline is a context.WithTimeout (or WithDeadline(p,
// time.Now().Add(d))) made in the same function, before the retry, whose
// context the retry uses: passed to its call, captured by its attempt, or
// carried by a request built from it. It is also found one call away: a
// function that runs a retry on its context parameter, with no deadline
// of its own, exports a fact with the retry's worst case, and a caller
// that passes it a context made by WithTimeout(d) is compared with d, at
// the call. A function that passes its own context parameter, unchanged,
// to such a function carries the summary to its callers, up to four calls
// deep and across packages, so a deadline set in a handler reaches the
// retry its helpers run. A helper handed the attempt as a function
// (retry(ctx, func(ctx context.Context) error { ... })) is judged at the
// call by its summary alone, which knows the timeout its loop gives each
// attempt: one retry, one finding. When the loop gives none, the
// function the call hands in is the attempt, and what bounds it is read
// there (a context.WithTimeout in the literal, the Timeout of the client
// it sends with), as in a loop's body:
//
//	return throttleRetry(ctx, func(ctx context.Context) error { // 5 x 2s + 7.5s of waits under 10s: reported
//		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
//		defer cancel()
//		return describe(actx, url)
//	}, defaultPolicy)
//
// The helper may keep the function in a local, or wrap it in a closure
// that logs its result (call := op; if verbose { call = func(ctx
// context.Context) error { err := op(ctx); log.Print(err); return err }
// }), or keep it in a field of a retrier of its own (r := &retrier{op:
// op, attempts: 10}; r.run(ctx) calling r.op(ctx)): the attempt is still
// the caller's function, never one with no timeout. A function whose
// timeout cannot be read there leaves the attempt unknown, and no
// attempt-uses-budget is reported. A retry written in a RoundTrip method
// runs on the request's context, which the http.Client gives its Timeout
// as a deadline: when every http.Client literal of the package built
// with the transport sets a constant Timeout, the longest is the retry's
// budget (&http.Client{Timeout: 10 * time.Second, Transport:
// &retryRT{...}}, or a constructor of the package returning the
// transport), for over-budget (not for attempt-uses-budget: a transport
// often retries only a 429, which a hanging attempt never is); a
// client without one, one given the transport after it is built
// (hc.Transport = ...), or one built elsewhere leaves the retry
// unjudged. So is a retry in a function of the package that the
// RoundTrip hands its own request to, with the count it passes
// (elastic/cloud-sdk-go#235):
//
//	func (t *retryRT) RoundTrip(req *http.Request) (*http.Response, error) {
//		return t.doRoundTrip(req, t.retries) // 3 retries 10s apart under a 20s client Timeout: reported here
//	}
//	func (t *retryRT) doRoundTrip(req *http.Request, retries int) (*http.Response, error) {
//		... if retries > 0 { retries--; <-time.After(t.backoff); return t.doRoundTrip(req, retries) } ...
//	}
//
// A loop counted against a parameter (doWithRetry(t.next, req, 4),
// leaving at if i == attempts-1) is read the same way; a copy of the
// request on another context (req.Clone(context.Background())) is not
// the client's. A context made from the one with the deadline
// by a derivation that keeps it is the same deadline, in the function and
// between calls: context.WithValue, WithCancel, the catalogued
// derivations of libraries (an OpenTelemetry span's tracer.Start, grpc's
// metadata.NewOutgoingContext, a logger's WithContext), and a helper of
// the package that returns one (fetch(withAccount(ctx)) with withAccount
// returning context.WithValue(ctx, k, v)). context.WithoutCancel drops
// it: a retry on context.WithoutCancel(ctx), or on a context.WithTimeout
// made from it, has only the deadlines made after it.
// An http.Client's Timeout bounds each attempt, not the retry,
// and the message says so. The fix: shorten the per-attempt timeout or
// the waits, or drop an attempt.
//
// A retry with no attempt limit is bounded by its elapsed-time limit
// instead (cenkalti's MaxElapsedTime and v5's WithMaxElapsedTime,
// failsafe-go's WithMaxDuration, sethvargo's WithMaxDuration,
// gax.WithTimeout), and a limit longer than the deadline is over-budget
// too:
//
//	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
//	defer cancel()
//	backoff.Retry(ctx, op, backoff.WithMaxElapsedTime(2*time.Minute)) // retry has no attempt limit and runs until backoff.WithMaxElapsedTime of 2m0s, but its context has a 5s deadline ...
//
// The two minutes never apply: the deadline ends the retry, and the
// caller gets the context's error, not the last attempt's. A retry that
// returns the last attempt's error when its context ends it
// (terraform-plugin-sdk's RetryContext, whose timeout argument is its
// limit) is not compared. Only a limit
// the code sets is compared (a library's default, cenkalti's 15 minutes,
// promises nothing), only on a retry that stops when its context is done
// (v4 wrapped with backoff.WithContext, failsafe-go's WithContext), and
// only when no attempt count can apply: options from a parameter
// (backoff.Retry(ctx, op, opts...)) may hold one, and stay unknown.
//
// attempt-uses-budget: the attempts have no timeout of their own (or one
// at least as long as the deadline) inside a retry under a deadline:
//
//	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
//	defer cancel()
//	for i := 0; i < 3; i++ {
//		if err = call(ctx); err == nil { // a first attempt that hangs uses all 10s
//			break
//		}
//		time.Sleep(time.Second)
//	}
//
// The first slow attempt consumes the budget and no retry happens. Only
// attempts that run on the deadline's context are counted (an attempt
// that ignores it is not bounded by it at all: see nodeadline), and only
// retries known to wait between attempts, however long the waits are (a
// wait in a helper of the package the loop calls counts, other than in
// the attempt itself, where a timer may be its timeout): a failover whose attempts
// follow at once (database/sql on a bad pooled connection) retries fast
// failures, not slow ones. The fix: a per-attempt context.WithTimeout shorter than the budget less the
// waits, divided by the attempts (here under 2.667s).
//
// A select that races the attempt's result against a timer (case err :=
// <-done: ... case <-time.After(2 * time.Second):), in the loop or in a
// function of the package it calls, is the attempt's own timeout, as a
// context.WithTimeout is; a select on ctx.Done() and a timer alone is a
// wait between attempts.
//
// Nor are attempts whose only calls that can wait bound their own time:
// DNS lookups (net.Resolver's Lookup methods, net.LookupHost,
// net.ResolveTCPAddr, ...) give up after resolv.conf's timeout and
// attempts (5s and 2 by default), so a retry of them until a deadline
// (etcd resolving its peers' URLs) is not reported. A lookup followed by
// an HTTP call with no timeout still is.
//
// The attempt's timeout is read where the attempt sets it: in its body,
// or, when the body shows no timeout and no HTTP call, in the functions
// of the package it calls, up to four calls down. A helper's
// context.WithTimeout, or the Timeout of the client it sends with, counts
// as the attempt's own:
//
//	func (c *client) try(ctx context.Context, url string) error {
//		...
//		resp, err := c.hc.Do(req) // c.hc: &http.Client{Timeout: 5 * time.Second}, each attempt 5s
//
// A helper that sends with the client it is given sends with what the
// attempt's call of it passes, read where that call is written:
//
//	func get(ctx context.Context, c *http.Client, url string) error { ... c.Do(req) ... }
//	err = get(ctx, http.DefaultClient, url) // in the loop: no timeout, reported
//
// A client whose Timeout cannot be seen (an exported field the package
// never writes, a parameter of the function the retry is written in, a
// helper's parameter when the attempt calls the helper twice) leaves the
// attempt's timeout unknown, and the retry is not reported; the
// DefaultClient (http.Get) and a client built with no Timeout bound
// nothing, and it is.
//
// A retrying client kept in a field of the package's structs, exported
// or not, is read from the package's writes to the field: the client its
// constructor builds, with the RetryMax and HTTPClient.Timeout it sets
// (an importer may set an exported field to another client; the
// package's own is the one its constructor gives). One whose writes do
// not show how it is built (a constructor's parameter) has an unknown
// number of attempts, never the library's default, and no worst case is
// claimed for it; so does a client handed in as a parameter of the
// function that retries (its waits and timeout are its builder's too),
// unless it is an unexported function the package calls once, read with
// the client that call passes.
//
// gRPC's own retries (a retryPolicy in the service config) have no
// per-attempt timeout at all: they run inside the call, below every
// interceptor, on the call's one deadline. A method config that sets both
// a timeout and a retryPolicy is reported on the config:
//
//	grpc.WithDefaultServiceConfig(`{"methodConfig": [{... "timeout": "5s",
//	  "retryPolicy": {"maxAttempts": 3, ...}}]}`) // service config gives a method a 5s timeout for all of its 3 attempts ...
//
// and the fix that exists there: retry in go-grpc-middleware's retry
// interceptor with retry.WithPerRetryTimeout, which gives each attempt a
// context of its own. So is a gRPC call that such a config retries, made
// under a deadline in the same function or one call away (the recognizer
// counts a gRPC call as retried when the channel it is made on, traced
// from the call, has a constant service config with a retryPolicy for
// its method), unless the package names
// WithPerRetryTimeout, whose interceptor may wrap the call. A call that
// the retry interceptor itself retries (retry.UnaryClientInterceptor of
// go-grpc-middleware v2 or v1's grpc_retry, with a constant WithMax on
// the channel the call is made on) is judged the
// same way, with the interceptor's fix: its
// attempts share the call's context, so a context.WithTimeout around the
// call bounds them all at once, and retry.WithPerRetryTimeout gives each
// its own. A call that a unary interceptor written by hand retries (one
// that runs its invoker in a retry loop: the recognizer counts it) is
// judged with the timeout that interceptor's own attempts have, and the
// fix names it: a context.WithTimeout around its invoker call.
// -retrybudget.attempt-uses-budget=false turns this category off.
//
// own-limit: a retry library's own time arithmetic stops the retry before
// the attempts it promises. The Timeout of the *http.Client that
// retryablehttp's StandardClient returns bounds the whole retry, so
//
//	rc := retryablehttp.NewClient()                   // 5 attempts, 1s doubling to 30s
//	hc := rc.StandardClient()
//	hc.Timeout = 10 * time.Second
//
// waits 1s + 2s + 4s + 8s = 15s between attempts but has 10s in all:
// the fifth attempt never starts. A limit a constructor sets on the
// client it returns is reported once, at the limit, however many calls
// of the package use the client; a constructor whose client no call of
// the package uses is not judged. The same for cenkalti/backoff's
// MaxElapsedTime (15 minutes by default), backoff v5's WithMaxElapsedTime
// and gax.WithTimeout, and for the Timeout of an http.Client whose
// Transport is github.com/PuerkitoBio/rehttp's (v1.4.0; its Timeout
// applies to the request as a whole, retries included, rehttp#1):
//
//	tr := rehttp.NewTransport(nil, rehttp.RetryAll(rehttp.RetryMaxRetries(4), rehttp.RetryTimeoutErr()), rehttp.ConstDelay(3*time.Second))
//	return &http.Client{Timeout: 10 * time.Second, Transport: tr} // 4 waits of 3s: the fifth attempt never starts
//
// RetryMaxRetries(n) as one of RetryAll's conditions makes n+1 attempts;
// written among RetryAny's alternatives it limits nothing, and the
// attempts are unknown. ExpJitterDelay's waits are full jitter, judged
// on their average. A rehttp Transport's PerAttemptTimeout is each
// attempt's timeout; unset, on a transport built in sight over nil or
// http.DefaultTransport, the attempts have none (pace/bricks#63: the
// first attempt hung for 35s, the eight after it failed at once), and
// under a deadline that is attempt-uses-budget. An apimachinery wait.Backoff whose Duration
// reaches Cap before Steps runs out ends there: Step sets Steps to 0, so
// wait.Backoff{Steps: 6, Duration: time.Second, Factor: 2, Cap: 3 *
// time.Second} makes 2 attempts, not 6. The recognizer counts 2 for
// every analyzer (the site's bound; the 6 is its Promised), so
// nestedretry and retryclass count what runs.
//
// load-budget: a retry load budget is visibly missing or switched off.
// A budget caps retries at a share of the calls that succeed, so an
// outage of the dependency adds that share of load at most instead of A
// times the traffic for A attempts. gRPC's is the service config's
// retryThrottling {maxTokens M, tokenRatio r}: a failed attempt takes a
// token, a successful call gives r back, and no retry runs while M/2 or
// fewer are left; a full outage stops retrying after M/2 failures, and
// retries go on only while fewer than r/(1+r) of the calls fail (r = 0.1:
// about 9%). A service config with a retryPolicy and no retryThrottling
// is reported:
//
//	grpc.WithDefaultServiceConfig(`{"methodConfig": [{... "retryPolicy": {"maxAttempts": 4, ...}}]}`) // service config retries up to 4 attempts per call with no retryThrottling ...
//
// aws-sdk-go-v2's standard retryer has one on by default, a bucket of 500
// tokens where a retry costs 14 and a successful first attempt gives 1
// back (v1.48.0): a full outage stops retrying after about 35 retries,
// and retries are at most one per 14 successful calls. ratelimit.None
// turns it off, and is reported in a package that serves requests (an
// HTTP handler, a gRPC service method, http.ListenAndServe,
// grpc.NewServer, lambda.Start):
//
//	retry.NewStandard(func(o *retry.StandardOptions) { o.RateLimiter = ratelimit.None }) // ratelimit.None turns off the retry token bucket ...
//
// So does a limiter of the code's own whose GetToken returns a nil error
// on every way out, the way the bucket was turned off before
// ratelimit.None existed; one of another package is known by a fact its
// package carries. A limiter whose GetToken can refuse, or hands on the
// answer of another limiter (a wrapper around ratelimit.NewTokenRateLimit),
// is not reported, and neither is one held in a value of the
// retry.RateLimiter interface type, which is not read:
//
//	type nopLimiter struct{}
//
//	func (nopLimiter) GetToken(context.Context, uint) (func() error, error) {
//		return func() error { return nil }, nil
//	}
//
//	retry.NewStandard(func(o *retry.StandardOptions) { o.RateLimiter = nopLimiter{} }) // nopLimiter turns off the retry token bucket (its GetToken never refuses) ...
//
// A command or a batch job that turns the bucket off so that its own work
// finishes is one client, not a fleet, and is not reported. A package
// that builds the client for a server elsewhere is not reported itself:
// its exported function that turns the bucket off (or uses one that
// does) carries a fact, and the package that serves is told where it
// calls it:
//
//	q := awsclient.New(cfg) // awsclient.New turns off the retry token bucket (ratelimit.None) of a client in code that serves requests ...
//
// -retrybudget.load-budget=false turns this category
// off. The recognizer finds the service configs and the buckets turned
// off (Result.ServiceConfigs, Result.BucketsOff), and says each site's
// budget with the same code (Site.LoadBudget), which `retrylint report`
// shows per site.
//
// Messages show the sum term by term. A library's count or duration, a
// deadline or a client's Timeout, kept in a local variable given one
// constant (n := uint64(101), d := 5 * time.Second, or the same constant
// on every way) is that constant; one whose address is taken or that a
// closure writes is unknown. A setting kept in an unexported
// package variable of the package, or a field of one, that only its
// initializer sets is its constant, for the deadline too
// (context.WithTimeout(ctx, serverCfg.RequestTimeout), and
// time.Duration(cfg.TimeoutSec) * time.Second):
//
//	var defaultCfg = retryConfig{MaxRetries: 5, Backoff: 2 * time.Second, Timeout: 4 * time.Second}
//	for i := 0; i <= defaultCfg.MaxRetries; i++ { // 6 x 4s + 5 x 2s = 34s
//		actx, c := context.WithTimeout(ctx, defaultCfg.Timeout)
//
// So is a count kept in an unexported field that the package writes
// with one constant, a constructor's literal, that a loop counts down
// from (retries := t.retries; ...; retries--, with &transport{retries: 3});
// one written with two constants is unknown.
//
// Unknown terms (a value from a parameter, a field set elsewhere, an
// exported variable or one that init sets again, a client from another
// function) are shown as "?" and count as zero: the analyzer stays quiet unless the
// known terms alone already exceed the deadline, and then says so with
// ">=". Waits are the nominal ones: jitter that adds time can only make
// the retry longer. A loop, or a wait helper of the package, that adds a
// jitter that cannot be negative to its wait waits at least the wait
// without it, and the sum of those is a lower bound (">="):
//
//	// a RoundTrip under an http.Client{Timeout: 5 * time.Second}
//	for attempt := 0; attempt < 5; attempt++ { // retry waits ? + 1s + ? + 2s + ? + 4s + ? + 8s + ? >= 15s but its context has a 5s deadline ...
//		...
//		time.Sleep(delay + rand.N(delay/4)) // at least 1s, 2s, 4s, 8s
//		delay *= 2
//	}
//
// So is a jitter that is a fraction of a value that is never negative
// (delay + time.Duration(rand.Float64()*float64(delay/4))), and a delay
// clamped at a constant gives floors that stop at the clamp
// (delay = min(delay*2, 10*time.Second): at least 1s, 2s, 4s, 8s, 10s,
// 10s). A hand-rolled wait that can be shorter than its delay (rand.N(d),
// d - rand.N(x), d * rand.Float64(), d + (rand.Float64()-0.5)*x) is
// unknown. A library's full jitter
// (aws-sdk-go-v2's standard retryer, gax) draws each wait between zero and its nominal value, so the nominal sum
// is a ceiling no run has to reach: such a retry is judged on the
// average, half the nominal waits, and the message says so ("with full
// jitter the waits average half of that, and the eighth attempt never
// starts in a typical run"). A DynamoDB call under a 5s deadline, whose
// 4 attempts wait at most 1s + 2s + 4s (throttling errors; 25ms doubling
// for the others), is not reported.
//
// A retry whose own elapsed-time limit (cenkalti's MaxElapsedTime, 15m
// by default) ends it, with its last attempt's timeout, before the
// deadline is not over-budget: own-limit says what stops it first, and
// attempts with no timeout of their own are still attempt-uses-budget.
//
// Findings in _test.go files are reported only with -retrybudget.tests.
//
// A service config in the same option list as grpc.WithDisableRetry()
// (the dial's arguments, or one []grpc.DialOption literal) retries
// nothing: neither its load budget nor its timeout is reported, and the
// channel's calls are not counted as retried. One turned off elsewhere
// (appended later, by a helper) is not matched and is read as retrying.
//
// What it misses on purpose: a RoundTrip's helper in another package
// (the request summary is made only in a package that declares a
// RoundTrip method), an attempt held in a field of a struct its helper
// did not build from the function it was handed (the attempt is then
// unknown, never "no timeout"), service configs that are not constant
// strings handed to grpc.WithDefaultServiceConfig (read from a file, a
// flag or DNS), budgets of other libraries (a rate limiter around a
// hand-rolled loop is not read as one), a deadline more than four calls
// away or passed on through a context.WithTimeout whose value cannot be
// read (the retry's deadline is then at most that unknown value), or
// through a derivation of another package the catalog does not list, a deadline set on a
// context stored in a struct or passed through a channel, the deadline a
// server puts on a request's context (http.TimeoutHandler around the
// handler, a gRPC caller's deadline arriving with the call), deadlines whose
// value is not a constant, timeouts set more than four calls below the
// attempt (its timeout is then unknown, and no attempt-uses-budget is
// reported) or in another package, the length of the waits of a
// hand-rolled loop that come from several wait calls or from a wait
// helper of the package whose duration is computed where the engine
// cannot follow it (sleep(ctx, base, max, n) waiting nextDelay(base,
// max, n): the retry is known to wait, and attempt-uses-budget is
// reported, but each wait is an unknown term), a clamp whose limit is not a constant
// the code shows (min(d*2, cfg.MaxDelay); min(d*2, 10*time.Second) from
// 1s is read: 1s, 2s, 4s, 8s, 10s, ..., with a jitter added too), a
// constant added to a growing delay (d + time.Second: its waits are
// unknown, never read as a doubling from d + 1s), a growth other than a constant
// factor or a constant step from the counter (time.Duration(attempt+1) *
// time.Second is read: 1s, 2s, 3s), Retry-After waits decided by the
// server, and aws-sdk-go-v2 or gax attempts (their per-attempt timeout is
// not read, so only their waits count).
package retrybudget
