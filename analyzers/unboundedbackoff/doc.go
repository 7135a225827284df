// Package unboundedbackoff defines an Analyzer that reports retry delays
// with no cap, no jitter, or no bound.
//
// # Analyzer unboundedbackoff
//
// unboundedbackoff: report retry delays with no cap, no jitter, or no bound
//
// Backoff spreads retries out in time; only a cap keeps one wait short,
// only jitter breaks the lockstep of clients that failed together, and
// only a bound ends the retry. The analyzer reads the retry sites found by
// the retryscan recognizer (hand-rolled loops and retry library calls)
// and reports five kinds of finding, each with its own category.
//
// no-cap: a delay that grows geometrically and reaches a wait with no
// clamp. Exponential backoff without a cap waits hours after a few dozen
// failures, and a doubled time.Duration overflows to a negative value (no
// wait at all) soon after:
//
//	d := time.Second
//	for {
//		if err := call(); err == nil {
//			return nil
//		}
//		time.Sleep(d)
//		d *= 2 // retry delay doubles each attempt with no cap ...
//	}
//
// The growth is seen in `d *= 2`, `d = d * 2`, `d <<= 1`, `base << n`,
// `base * (1 << n)` and `math.Pow(2, n)`, also inside the package's own
// helpers (`time.Sleep(backoff(attempt))`, `d = grow(d)`), in the
// parameters a recursive retry hands itself (`return fetch(ctx,
// attempt+1)`, `fetch(ctx, d*2)`; a test of the attempt before the call
// is its round guard, not a cap), reaching time.Sleep,
// time.After, time.NewTimer, time.Tick, Timer.Reset or a local helper
// that waits on its argument, in a bool function or method of the
// package that the loop asks whether to go round and that waits in its
// own body (if !p.Attempt(q) { break }, for err != nil && p.next(q):
// gocql's RetryPolicy.Attempt; reported at the growth, "wait in
// Policy.Attempt"), where a field of what the loop hands it that the
// loop or the policy steps (q.attempts++) grows as a local counter when
// nothing else the loop runs writes it, and in the loop of a range-over-func
// iterator of the package whose yielded value the body waits on (for d
// := range backoffs(time.Second, 10) { ...; time.Sleep(d) }: reported at
// the iterator's growth, once for all its loops). A clamp is min(d, max), math.Min,
// `if d > max { d = max }`, growth only `if d < max`, or a helper that
// returns the cap past a comparison. Library configurations: avast
// retry-go without MaxDelay, sethvargo NewExponential/NewFibonacci
// without WithCappedDuration, wait.Backoff with Factor > 1 and no Cap,
// go-resiliency ExponentialBackoff, Rican7 strategy.Backoff (its
// Exponential(d, base) waits d x base^n before attempt n), also when
// the strategy is the pause of a hand-written loop (wait :=
// strategy.Backoff(backoff.Linear(d)); ... wait(uint(i))),
// go-grpc-middleware's BackoffExponential and
// BackoffExponentialWithJitter handed to WithBackoff (v2 or v1's
// grpc_retry; v1 has no bounded one). What
// matters is the longest wait: it is reported when the attempts are not
// bounded (or bounded by a count the analyzer cannot see) or when, from
// the constants it can see, the longest wait exceeds
// -unboundedbackoff.max-wait (default 1m). The default retry-go policy (10 attempts, longest wait 25.6s) is
// quiet; Attempts(20) waits 7h17m and is reported. The fix: clamp the
// delay, `d = min(d*2, maxDelay)`; when the growth is a statement on a
// time.Duration variable, a suggested fix does that with
// -unboundedbackoff.max-wait as the cap (it changes behavior: review the
// cap).
//
// no-jitter: a delay, constant or growing, that nothing random
// contributes to (math/rand, math/rand/v2, crypto/rand, wait.Jitter, a
// library jitter option, or an exported function of another package that
// returns a number drawn from one of those, such as rueidis's
// util.FastRand, known by the recognizer's RandomFact). When a
// dependency fails, all its clients fail together and, with the same
// delays, retry together: 32 s, 32 s, 32 s.
// Library configurations: cenkalti RandomizationFactor 0,
// WithRandomizationFactor(0) or NewConstantBackOff; wait.Backoff with
// Jitter 0; sethvargo backoffs without WithJitter*; retry-go
// DelayType(FixedDelay) or DelayType(BackOffDelay) alone; retryablehttp
// with Backoff set to DefaultBackoff; failsafe-go WithDelay without
// WithJitter*; go-resiliency without SetJitter. Library defaults are
// reported only when chosen explicitly. The fix: full jitter,
// rand.N(min(maxDelay, base<<n)), or the library's jitter option.
//
// Where no jitter matters: without jitter the clients come back as one
// wave per attempt, so the harm grows with the number of waves and how
// long they go on (the AWS Architecture Blog's "Exponential Backoff and
// Jitter", the Google SRE book on cascading failures; gRPC jitters its
// endless reconnect backoff). No jitter is reported when the retry has
// no visible attempt limit (it stops only on a context, a clock or
// never), makes more than 5 attempts, waits more than 30s in all, or
// waits a growing delay. A short fixed retry, at most 5 attempts and 30s
// of waiting (a start-up ping 5 times 5s apart, a deadlock retried 3
// times 200ms apart), makes a few waves a short wait apart: jitter could
// only spread each over that wait, and the load it adds is the same with
// or without it. It is a hint, reported with
// -unboundedbackoff.strict-jitter. The attempts of an unexported helper
// counted against a parameter (a loop to n, a recursion counting
// retries down) are the most its calls pass, when every call is in the
// package and passes a constant (fetch(ctx, url, 3)); one passing
// anything else leaves them unknown, and its wait reported. Jitter does not matter at all when
// one process retries alone (a single batch job, a CLI, a migration):
// turn the check off with -unboundedbackoff.jitter=false.
//
// A retry whose attempt stays on this machine is not asked for jitter:
// no other client shares what it waits for. It does when every call of
// the attempt is a catalogued local operation (os.RemoveAll, os.Rename,
// net.Listen, flock) or a function of a package that imports, directly
// or through its imports, none of net, database/sql and os/exec
// (fsnotify's Watcher.Add, with no row of its own), handed nothing that
// may reach a peer (an interface, a function: bufio's Flush on a
// connection is remote), or a function or method of the package itself
// whose body, and those of the package's functions it calls in turn,
// make only such calls (a map delete under a mutex that returns an
// error while another goroutine holds the entry); its arguments need not
// be free of functions, since its body shows what it calls. A metric's
// update is kept in memory and stays local whatever its type: prometheus
// client_golang's Counter, Gauge, Observer and their vectors'
// WithLabelValues, OpenTelemetry's instruments (a loop that counts its
// rounds while it waits for a full in-process queue to drain, as
// prometheus's remote-write enqueue does, is not asked for jitter).
// Another call through an interface or a function value counts as
// remote, and so does a recursion. A loop whose test returns no error and only reads or
// updates this process's memory (a map, a counter under a mutex, a
// package that reaches no peer, an interface value only such a package
// made: etcd's cancelWatcher on its adt.IntervalTree, mongo-driver's
// waitForEvent, dataflux's idle worker) waits for another goroutine:
// the recognizer takes it for no retry at all, and nothing is reported,
// jitter or bound. A loop whose own call dials and keeps the connection
// in the field the loop tests (for h.Conn == nil { ...; h.connect() },
// nanotube's reconnect) waits for a peer: it is a retry, asked for
// jitter and, when nothing else ends it, reported for no bound. So a retry
// of a peer that is this machine's own and serves no one else is still
// asked for jitter, on purpose rather than by a guess: a TPM command
// handed the device's io.ReadWriter (go-tpm's tpm2.Sign), a container's
// shim reached through the daemon's own code over its Unix socket. A
// Unix socket or a device proves no more than a local relay or a shared
// host daemon, so the check would need to know the peer, which the code
// does not say.
//
// no-bound: a retry with no attempt limit, no elapsed-time limit and no
// cancellation: a `for {}` retry with no counter, clock or ctx check;
// avast Attempts(0) without Context; cenkalti MaxElapsedTime 0, an
// ExponentialBackOff struct literal that sets no MaxElapsedTime (in the
// literal or after it: its zero never stops; one handed to code other
// than the backoff package may be given a limit there, and is not
// judged), or a constant backoff
// without WithMaxRetries; sethvargo without
// WithMaxRetries/WithMaxDuration and a context.Background(); Rican7
// without strategy.Limit. A context that is never done bounds nothing,
// written in the call or held in a local: context.Background(), TODO(),
// context.WithoutCancel(ctx) and values added to one of them
// (context.WithValue); so does a hand-rolled loop's stop on such a
// context (case <-ctx.Done(), for ctx.Err() == nil: its Done channel is
// nil, its Err always nil). It retries forever while the dependency is
// down. The fix: limit the attempts, or stop on a context with a deadline.
// So does a loop's counter that a failed attempt sets back (`if
// progressed { i = 0 }` on a way that goes round after a failure: a
// consumer that restarts its count whenever a failing batch made some
// progress retries forever); one set back only after a success counts
// failures in a row and still bounds them.
// An exit that tests a count kept behind a call on a value made before
// the loop (b.Attempt() < 8 on a jpillora Backoff that b.Duration()
// steps, the package's own c.inc() >= 8 or a bool method of the package
// that writes the value, or one that reads what the loop writes, as
// for st.more() { ...; st.n++ }, a closure over a counter) is a bound of
// a size the analyzer does not count, so the loop is not reported; a
// value made in the attempt is new each round and bounds nothing, and a
// bool that only reads what nothing in the loop writes (s.disabled())
// counts nothing.
// A count kept in a field of the value the attempt is handed
// (j.restarts++ before start(j): a scheduler keeps a job's restarts for
// its next supervisor) counts like a local when the field is the loop's
// own: unexported, its address not handed on, and read or written by
// nothing the loop's function runs (the package's functions it calls,
// down to any depth, those a call through an interface or a function
// value may reach, its closures and goroutines; a literal that makes a
// value changes none it holds). Tested by no exit it bounds nothing, and
// a wait computed from it (backoff(j.restarts)) grows as from a local
// counter; an exit that tests it (if j.restarts >= 5) is a bound of a
// size the analyzer does not count, the count starting where the caller
// left it. A field a callee reads may be what the attempt does
// (r.version++ before insert(r), which writes that version: a search,
// not a retry), one a callee writes may be set back under the loop, and
// an exported one may be read by another package: such a loop is not
// taken for a retry. A goroutine started elsewhere that writes the field
// is not seen.
//
// no-stop: a cenkalti/backoff v4 ExponentialBackOff built as a struct
// literal that sets MaxElapsedTime but not Stop. Once the elapsed time
// has passed, NextBackOff returns the Stop field, which the literal left
// at 0 instead of backoff.Stop (-1): backoff.Retry and backoff.Ticker
// read 0 as "wait nothing and try again", so the retry spins with no
// wait until the dependency answers:
//
//	b := &backoff.ExponentialBackOff{
//		InitialInterval: 500 * time.Millisecond, RandomizationFactor: 0.5,
//		Multiplier: 1.5, MaxInterval: 5 * time.Second,
//		MaxElapsedTime: 10 * time.Second, Clock: backoff.SystemClock,
//	} // after 10s: no wait at all
//
// The fix: set Stop: backoff.Stop, or build it with
// backoff.NewExponentialBackOff() and set the fields after. A Stop set
// later on the same variable in the same function is seen; v5 keeps the
// limit on Retry and has no such field.
//
// overflow: a wait computed each round from an attempt counter (base <<
// attempt, base * (1 << attempt), math.Pow(2, attempt) converted to a
// time.Duration, also in a helper of the package) and clamped only
// after the growth, by `if d > maxDelay { d = maxDelay }`, min(d,
// maxDelay) or a helper that returns the cap past that comparison. A
// time.Duration is an int64: base * 2^n passes 2^63 from the n at which
// base * 2^n >= 2^63, 34 for a 1s base (its 35th failure, counting from
// attempt 0), 36 for 200ms, 63 at the latest for any base of at least
// 1ns, and a shift by 64 or more gives 0. The product wraps to a
// negative, zero or meaningless wait; the clamp, which tests only the
// top, lets it through, and the retry spins against the failing
// dependency with no wait (and rand.N of it panics):
//
//	for attempt := 0; ; attempt++ {
//		...
//		d := time.Second * (1 << attempt) // wraps after about 35 failures
//		if d > maxDelay {
//			d = maxDelay
//		}
//		time.Sleep(d)
//	}
//
// It is reported when nothing the analyzer sees stops the counter (a
// context does not: the caller may never cancel) or when the attempt
// limit is past the wrap (attempt < 100 with a 1s base). A base it
// cannot see (a parameter, a setting) is taken as 1ns, the least a wait
// can be: the wrap then comes at the 64th failure at the latest, and
// only a limit that lets the exponent reach 63 is past it. Not reported:
// an attempt limit that stops the counter before the wrap (1s << 9 with
// attempt < 10), an elapsed-time limit of a size not seen (it may stop
// it first), an exponent clamped before the growth (min(attempt, 10),
// if attempt > 10 { attempt = 10 }), a clamp that also tests the sign
// or a floor (if d <= 0 || d > maxDelay, a test of d < 0 after it,
// max(d, minDelay)), a clamp in floating point before the conversion
// (math.Min(float64(base)*math.Pow(2, n), float64(maxDelay)): a float
// goes to +Inf, which the clamp keeps), a delay that grows from itself
// and is clamped every round (d = min(d*2, maxDelay) never passes the
// limit) and library backoffs (cenkalti's ExponentialBackOff guards its
// own arithmetic). A float past 2^63 converted to an integer is
// implementation-dependent: amd64 gives the most negative value, which
// the clamp lets through, as the check assumes. The clamp is a cap, so
// no-cap is not reported for it; a missing jitter or bound is another
// defect, reported apart. The fix: clamp the exponent before the growth
// (min(attempt, 20)), or also test d <= 0.
//
// Flags:
//
//	-unboundedbackoff.max-wait=D     longest single wait not worth a report when it is known (default 1m)
//	-unboundedbackoff.jitter=false   do not report delays with no jitter (default true: report them)
//	-unboundedbackoff.strict-jitter  also report no jitter on short fixed retries (at most 5 attempts, 30s of waiting)
//	-unboundedbackoff.tests          report in _test.go files too
//
// # Limitations
//
// The overflow check reads an attempt counter that is a local of the
// loop, stepped by a constant from a constant on every way round. A
// counter kept in a field, set back to 0 after a success (failures in a
// row still wrap), or compared with anything else than zero in a way the
// analyzer does not read as its limit (an exit only some ways round
// pass, a limit of unknown size), handed to a call that may test it or
// stored is taken to be bounded, and its wait is not reported. A growth
// with something added before the clamp (base<<n + jitter) is not
// followed, nor one made in another package.
//
// The analyzer reports only what it can show. A delay that comes from a
// parameter, a table lookup or a function of another package may be
// random or capped, so it is not reported for jitter, and its size is
// unknown. A setting is no random draw: a number read from a field of
// the receiver, of a parameter or of a variable the retry holds before
// its loop (a Retrier's Base and Max, an options struct), directly or in
// a helper of the package the loop calls, which the package writes only
// from constants and parameters; its size stays unknown, and a delay
// made from it with nothing random is reported for jitter (d := r.Base;
// d = min(d*2, r.Max)). A field of what an attempt returns (an error's
// RetryAfter, filled by errors.As) or one the package writes from a call
// (a header parsed) is no setting. An unexported field of
// one of the package's structs whose address is not handed on is read
// through every write to it (a policy its constructor fills in: known
// when every write gives the same constant); a field its importers may
// write (exported) or one written from a parameter stays unknown. Hand-rolled delay helpers are followed
// within the package only (three calls deep). A policy the loop asks
// whether to go round is read only when the call names it statically
// and it waits in its own body: one behind an interface (q.rt.Attempt(q),
// as gocql's RetryPolicy is) or one that waits through another helper is
// not followed, and such a loop is reported only for what it shows
// itself. The size of the count a policy tests (q.attempts > p.N) is not
// read: its bound is of unknown size, never no bound, and its first wait
// is not claimed. Waits yielded by a
// range-over-func iterator of another package, or of one handed in, are
// unknown; the iterator's own loop is read for the waits, and for the
// bound when the iterator calls its body in one counted loop (for
// attempt := range attempts(5): 5 attempts; a count the caller does not
// give as a constant stays unknown). A wait with jitter added to it
// (time.Sleep(d + rand.N(d/2))) is at least d: its longest wait is
// reported as "at least"; when only the jitter grows (time.Sleep(base +
// rand.N(d)), d doubling) the wait is at least base each time, and no
// length is claimed, as for full jitter. A library policy or options
// returned by a helper are read as if written at its call, in the package
// or in another one (retrycfg.NewBackoff()), unless the helper takes them
// from its caller or a package variable. A policy a retry helper takes
// as a parameter (func retryOp(b backoff.BackOff, op func() error)) is
// what the helper's one call in the package passes, when the helper is
// unexported and named nowhere else; a helper called twice keeps it
// unknown. Options or a policy in an exported package variable
// (retry.Do(op, DefaultRetryOptions...)) are read from its initializer
// when that is the package's only write to it; one a function of the
// package sets (SetRetryOptions) is unknown, and a helper returning the
// variable exports no configuration to importers, who may set it. Delay functions passed to a
// library (retry.DelayType(f) with a function the analyzer cannot read)
// make the policy unknown. A growing delay bounded by an elapsed-time limit of
// unknown size is not reported, nor one whose first wait is not a visible
// constant when the attempt count is known. A retry helper whose attempt
// count is a parameter (func retryN(attempts int, sleep time.Duration, f
// func() error) doubling sleep) is reported for no cap whatever its
// callers pass: the helper is where the cap belongs, and a caller passing
// a larger count tomorrow gets the growth; its message then says the wait
// grows without limit, as the helper alone allows. cenkalti ExponentialBackOff is
// always capped by MaxInterval and never reported for its cap. Library
// defaults that are capped and jittered (cenkalti, aws-sdk-go-v2, gRPC
// retry policies, gax-go) are never reported, and retryablehttp's
// unjittered default only when DefaultBackoff is chosen explicitly. The
// bound comes from the recognizer: a context received as a parameter
// counts as cancellation, since the caller may set a deadline, and so
// does a local that one path gives a deadline or a cancel. Retries
// in _test.go files are not reported (the test timeout ends them) unless
// -unboundedbackoff.tests is set, as for every analyzer. A
// hand-rolled loop that never waits is not reported for its bound: such
// loops are more often parse, read or rejection-sampling loops than
// retries.
package unboundedbackoff
