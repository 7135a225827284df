package retryscan

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sync"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// Kind says how a retry site was recognized.
type Kind uint8

const (
	// KindLoop is a hand-rolled retry loop:
	//
	//	for i := 0; i < 3; i++ {
	//		if err = call(); err == nil {
	//			break
	//		}
	//		time.Sleep(time.Second)
	//	}
	KindLoop Kind = iota + 1
	// KindLibrary is a call of a catalogued retry entry point with the
	// retried operation as an argument: backoff.Retry(op, b).
	KindLibrary
	// KindClient is a call that retries inside, with no user operation:
	// retryablehttp's Client.Do, an aws-sdk-go-v2 operation, a resty
	// request on a client with a retry count.
	KindClient
	// KindWrapper is a call of a user function that runs its function
	// argument in a retry loop (a wrapper, known from a fact):
	//
	//	withRetry(ctx, func() error { ... })
	KindWrapper
	// KindRetrier is a call of a user function that retries inside (it
	// contains a retry site, possibly further down its calls), known from
	// a fact or from a //retrylint:retrier directive. It has no attempt
	// body in this package.
	KindRetrier
)

func (k Kind) String() string {
	return [...]string{"", "loop", "library", "client", "wrapper", "retrier"}[k]
}

// Bound is what ends a retry: a number of attempts, a context, elapsed time.
type Bound struct {
	// Attempts is N > 0, catalog.AttemptsUnknown (a bound exists or may
	// exist, but its value is not a visible constant) or
	// catalog.AttemptsUnbounded (no attempt limit is visible).
	Attempts int
	// Ctx: the retry stops when a context is done: one that may end (a
	// parameter, a WithTimeout), not one that never does (endless:
	// context.Background() in the call or in a local).
	Ctx bool
	// Time: the retry stops after an elapsed time.
	Time bool
	// Evidence is the expression that sets the bound (or removes it), for
	// positioning diagnostics; nil when the default applies.
	Evidence ast.Node
	// Elapsed is the elapsed-time limit an option sets: a constant > 0,
	// ElapsedUnknown for a value the recognizer cannot read, 0 when no
	// option sets one (the library default, if any, applies: see
	// WorstCase). ElapsedAt is the option.
	Elapsed   time.Duration
	ElapsedAt ast.Node
	// CountParam is, when Attempts is unknown, 1 + the index of the
	// parameter of the enclosing function the attempts are counted
	// against: n in `for i := 0; i < n; i++`, `for range n`,
	// retry.Attempts(uint(n)); the retry makes n+CountAdd attempts. A
	// wrapper counting against a parameter takes its attempts from its
	// callers (paramcount.go).
	CountParam int
	CountAdd   int
	// Promised is, when the library's own arithmetic ends the retry
	// before the count its configuration states (a wait.Backoff whose
	// Cap is reached first: worstterms.go, capBound), that stated count;
	// Attempts is then the count that runs. 0 otherwise.
	Promised int
}

// ElapsedUnknown is Bound.Elapsed for a limit whose value is not a
// constant.
const ElapsedUnknown time.Duration = -1

// Unbounded reports whether nothing visible ends the retry: no attempt
// limit, no context, no elapsed-time limit.
func (b Bound) Unbounded() bool {
	return b.Attempts == catalog.AttemptsUnbounded && !b.Ctx && !b.Time
}

// Layer is the attempt count the retry contributes to a chain's
// product: a retry with no attempt limit that a context or an elapsed
// time ends makes a finite but unknown number of attempts (N), not ∞.
func (b Bound) Layer() int {
	if b.Attempts == catalog.AttemptsUnbounded && (b.Ctx || b.Time) {
		return catalog.AttemptsUnknown
	}
	return b.Attempts
}

// String renders the attempt count for messages: "3 attempts",
// "N attempts" when unknown, "unbounded".
func (b Bound) String() string { return AttemptsString(b.Attempts) }

// AttemptsString renders an attempt count: "3 attempts", "N attempts",
// "unbounded attempts".
func AttemptsString(n int) string {
	switch {
	case n == 1:
		return "1 attempt"
	case n > 0:
		return fmt.Sprintf("%d attempts", n)
	case n == catalog.AttemptsUnbounded:
		return "unbounded attempts"
	}
	return "N attempts"
}

// Delay is the delay policy between attempts, as far as it can be seen.
type Delay struct {
	Kind             catalog.DelayKind
	Capped, Jittered catalog.Tri
	// Waits are the calls that wait between attempts of a hand-rolled
	// loop (time.Sleep, time.After, time.NewTimer, Timer.Reset, ...).
	Waits []*ast.CallExpr
	// Evidence is the expression that decides the policy (the backoff
	// value or option); nil when the library default applies.
	Evidence ast.Node

	// Growth is what makes the wait grow geometrically: the statement
	// `d *= 2`, the expression `base << attempt`, the option
	// retry.NewExponential(base); nil when it does not grow or the
	// library default does.
	Growth ast.Node
	// Wait is the wait (a call in Waits, or a call of a local helper
	// that waits) whose argument grows with no cap, for loops.
	Wait ast.Node
	// WaitIn names the function of the package that makes Wait's wait
	// when the loop asks it whether to go round (Policy.Attempt in
	// if !p.Attempt(q) { break }: policywait.go); "" otherwise.
	WaitIn string
	// Initial is the first wait and Factor the growth per attempt, when
	// both are constants the recognizer can see (0 otherwise): the n-th
	// wait is Initial * Factor^(n-1), at most Cap when Capped.
	Initial time.Duration
	Factor  float64
	// Cap is the longest wait of a hand-rolled loop (or a wrapper's)
	// whose growth a clamp of constant limit caps (min(d*2,
	// 8*time.Second), if d > maxDelay { d = maxDelay }): the n-th wait is
	// min(Initial * Factor^(n-1), Cap). With a random part of known bound
	// (time.Sleep(d + rand.N(d/2)), time.Sleep(rand.N(d))), Initial is 0
	// and Cap is the most a wait can be, the limit plus the jitter's most
	// (12s for 8s). 0 when it does not grow, grows with no cap, or the
	// limit or the jitter's bound is not a constant the recognizer can
	// see (then Initial is 0 too, and Factor unless Least is known).
	Cap time.Duration
	// Step is what a linear wait adds per attempt, when the recognizer
	// can see it (0 otherwise): the n-th wait is Initial + (n-1) * Step.
	Step time.Duration
	// Least, when Initial is 0 because a non-negative jitter is added to
	// a wait of known start (time.Sleep(d + rand.N(d/2)),
	// time.Sleep(2*time.Second + rand.N(time.Second))), is that start:
	// the n-th wait is at least Least * Factor^(n-1), or Least + (n-1) *
	// Step for a linear wait. Worst cases list these floors
	// (WorstCase.AddedJitter).
	Least time.Duration
	// LeastCap, with Least, is the constant limit the delay under the
	// jitter is clamped at (d = min(d*2, 8*time.Second) under
	// time.Sleep(d + rand.N(d/2))): the n-th wait is at least
	// min(Least * Factor^(n-1), LeastCap).
	LeastCap time.Duration
	// Wraps is the growth of a loop's wait that a clamp limits only after
	// it can wrap past int64 (time.Second * (1 << attempt), then if d >
	// maxDelay { d = maxDelay }, with nothing stopping attempt: engine
	// Flow.WrapsBeforeClamp), nil otherwise; WrapsAfter the failure whose
	// wait has wrapped first, WrapWait that wait.
	Wraps      ast.Node
	WrapsAfter int
	WrapWait   ast.Node
}

// Site is one retry site in the package being analyzed. The recognizer
// fills it in; the analyzers read it through its methods, so no analyzer
// can change what another one sees.
type Site struct {
	// What the recognizer found, each read by the method of the same
	// name (fn by Func).
	kind Kind
	// classifierArg: a wrapper call's argument the wrapper asks of each
	// failure (WrapperFact.Classifier), -1 if none.
	classifierArg int
	node          ast.Node
	name          string
	entry         *catalog.Retry
	callee        *types.Func
	fn            ast.Node
	bound         Bound
	// requestVerdict: a function value handed the request decides
	// whether to go round (RequestVerdict).
	requestVerdict bool

	// delay is worked out on the first call of Delay: only
	// unboundedbackoff reads it, and a dependency analyzed for facts
	// alone must not pay for it.
	delay *lazy[Delay]
	// worst is worked out on the first call of WorstCase, for the same
	// reason; config are the configuration nodes of a library or client
	// call, read again there.
	worst  *lazy[WorstCase]
	config []ast.Node
	// unseen: the client's construction is out of sight (a parameter, a
	// field set from one), so its library's time defaults do not apply
	// (timeModel).
	unseen bool
	// budget is worked out on the first call of LoadBudget, local on
	// the first call of Local.
	budget *lazy[catalog.LoadBudget]
	local  *lazy[bool]
	// The attempt, each read by the method of the same name.
	body        ast.Node
	op          *types.Func
	opExpr      ast.Expr
	attemptCall *ast.CallExpr
	// once are the blocks of a loop's body that always leave the loop:
	// what runs there runs once, not on every attempt.
	once []ast.Node

	// region and attempt are the engine's view of the attempt: worked
	// out by the recognizer for loops, on first use for the rest.
	region  *lazy[*engine.Region]
	attempt []ssa.CallInstruction
	// external: a wrapper written in another module, whose retry is
	// checked at this call, its only place in the code being checked.
	external bool
	// repeats: a periodic or reconnect loop, which goes round after
	// success too (periodic.go).
	repeats bool
	// grpc: what the channels of a gRPC client site do with its call
	// (grpc.go), nil for other sites.
	grpc *grpcRetry
	// transport: the RoundTrip method that retries inside the client of
	// a request sent through a hand-written transport, and below the
	// layers under its own retry (transport.go); nil for other sites.
	transport *types.Func
	below     []Hop
}

// Kind returns what sort of site this is: a loop, a library call, a
// client, a wrapper.
func (s *Site) Kind() Kind { return s.kind }

// Node returns the *ast.ForStmt or *ast.RangeStmt of a loop, or the
// *ast.CallExpr of a call.
func (s *Site) Node() ast.Node { return s.node }

// Name returns the site's display name: "retry loop", "backoff.Retry",
// "retryablehttp.Client.Do", "withRetry".
func (s *Site) Name() string { return s.name }

// Transport returns, for a request sent through a client whose
// hand-written transport retries, the transport's RoundTrip method;
// nil for other sites.
func (s *Site) Transport() *types.Func { return s.transport }

// Entry returns the catalog row of a library or client site, else nil.
func (s *Site) Entry() *catalog.Retry { return s.entry }

// Callee returns the called function of a call site, else nil.
func (s *Site) Callee() *types.Func { return s.callee }

// Func returns the enclosing *ast.FuncDecl or *ast.FuncLit.
func (s *Site) Func() ast.Node { return s.fn }

// Bound returns what stops the site's attempts: a count, a time, a
// condition, or nothing the recognizer can see.
func (s *Site) Bound() Bound { return s.bound }

// Body returns the attempt body, the code each attempt runs: the loop's
// *ast.BlockStmt or the *ast.FuncLit passed as the operation; nil for
// client and retrier sites and for a named operation (see Op).
func (s *Site) Body() ast.Node { return s.body }

// Op returns the named function or method passed as the operation
// (backoff.Retry(c.fetch, b)), whose body may be in another package;
// nil for the other sites.
func (s *Site) Op() *types.Func { return s.op }

// OpExpr returns the operation argument of a library or wrapper call.
func (s *Site) OpExpr() ast.Expr { return s.opExpr }

// AttemptCall returns, for a loop, the call whose outcome decides
// whether to go round again.
func (s *Site) AttemptCall() *ast.CallExpr { return s.attemptCall }

// Repeats reports a loop that goes round after success too: a periodic
// loop whose failure path retries, a reconnect loop. Its attempt runs
// again every period by design, so what it does is repeated whether or
// not it fails: a duplicate is not the retry's doing.
func (s *Site) Repeats() bool { return s.repeats }

// External reports a call of a retry wrapper written in another module:
// its retry, bound and delay are read from the wrapper's fact and judged
// at this call.
func (s *Site) External() bool { return s.external }

// ClassifierArg returns the index of the argument of a wrapper call
// that the wrapper asks of each failure of its function, going round
// only when it says yes (WrapperFact.Classifier, classparam.go); -1 for
// other sites.
func (s *Site) ClassifierArg() int {
	if s.kind != KindWrapper {
		return -1
	}
	return s.classifierArg
}

// Region returns the engine's region of the site's attempt: a loop, a
// function retrying by recursion, or an operation handed to a library
// whose convention is catalogued (catalog.ErrorOperation) or which asks
// a classifier of each error (catalog.RetryClassifier); nil for the
// other sites, whose attempt is not visible here or not catalogued.
func (s *Site) Region() *engine.Region {
	if s.region == nil {
		return nil
	}
	return s.region.get()
}

// Attempt returns the calls whose outcome decides a loop's next attempt
// (the call and its alternatives on other branches), or nil: an
// operation's whole body is its attempt.
func (s *Site) Attempt() []ssa.CallInstruction { return s.attempt }

// Delay returns the delay policy between the site's attempts, worked out
// on the first call. It is safe for concurrent use: the analyzers of a
// package run in parallel.
func (s *Site) Delay() Delay {
	if s.delay == nil {
		return Delay{}
	}
	return s.delay.get()
}

// lazy is a value computed once, when first asked for.
type lazy[T any] struct {
	once    sync.Once
	compute func() T // nil once computed
	val     T
}

// known is a value already computed.
func known[T any](v T) *lazy[T] {
	l := &lazy[T]{val: v}
	l.once.Do(func() {})
	return l
}

func (l *lazy[T]) get() T {
	l.once.Do(func() {
		l.val, l.compute = l.compute(), nil
	})
	return l.val
}

// Pos returns the position to report a site at.
func (s *Site) Pos() token.Pos { return s.node.Pos() }

// HasBody reports whether the site's attempt body is visible in this
// package as syntax (a loop body or a function literal).
func (s *Site) HasBody() bool { return s.body != nil }

// BodyBlock returns the block each attempt runs, or nil.
func (s *Site) BodyBlock() *ast.BlockStmt {
	switch b := s.body.(type) {
	case *ast.BlockStmt:
		return b
	case *ast.FuncLit:
		return b.Body
	}
	return nil
}

// Contains reports whether pos lies in the site's attempt body.
// Blocks that always leave a loop run at most once and are not part of
// the attempt:
//
//	for i := 0; i < 3; i++ {
//		if err = op(); err == nil {
//			return publish() // once, after success
//		}
//	}
func (s *Site) Contains(pos token.Pos) bool {
	if s.body == nil || pos < s.body.Pos() || s.body.End() <= pos {
		return false
	}
	return !slices.ContainsFunc(s.once, func(b ast.Node) bool { return b.Pos() <= pos && pos < b.End() })
}
