package catalog

import (
	"go/types"
	"path"
)

// Role says what a catalogued call does with retries.
type Role uint8

const (
	// RoleLoop: the call runs its operation argument (Op) in a retry loop:
	//
	//	backoff.Retry(func() error { return fetch() }, b)
	RoleLoop Role = iota + 1
	// RoleClient: the call performs I/O and retries it inside, with no
	// user operation (retryablehttp's Client.Do, an aws-sdk-go-v2 client
	// operation, a resty request whose client has a retry count).
	RoleClient
	// RolePoll: the call polls a condition at an interval until it holds.
	// Polls wait for a state rather than repeat a failed operation; they
	// are not retry sites, and are catalogued so that nothing else
	// mistakes them for one (apimachinery wait.PollUntilContextTimeout).
	RolePoll
)

// Special values of Retry.Attempts and of attempt bounds everywhere.
const (
	AttemptsUnknown   = 0  // configured at run time, or a time-only bound
	AttemptsUnbounded = -1 // no attempt limit by default
)

// DelayKind is the shape of the wait between attempts.
type DelayKind uint8

const (
	DelayUnknown     DelayKind = iota
	DelayNone                  // attempts follow each other at once
	DelayConstant              // the same wait every time
	DelayExponential           // each wait a multiple of the one before
	DelayLinear                // waits grow by a fixed step
)

func (k DelayKind) String() string {
	return [...]string{"unknown", "none", "constant", "exponential", "linear"}[k]
}

// Retry is a catalogued retry entry point. The defaults describe what the
// library does when the call site configures nothing; the recognizer
// refines them from the options it can see.
type Retry struct {
	Symbol
	Role Role
	// Op is the index of the retried operation among the call's arguments
	// (receiver excluded), for RoleLoop and RolePoll; -1 otherwise.
	Op int
	// Attempts is the default number of attempts: N > 0, AttemptsUnknown
	// or AttemptsUnbounded.
	Attempts int
	// TimeBound says the default policy stops after an elapsed time (the
	// 15 minutes of cenkalti/backoff, terraform's timeout argument), so it
	// ends even with no count.
	TimeBound bool
	// Ctx is the index of a context.Context argument that bounds the
	// retry, or -1.
	Ctx int
	// PassesCtx: the operation's first parameter is a context, and the
	// library hands it the Ctx argument as it is, no deadline added
	// (sethvargo's Do: "the provided context is the same context passed
	// to the RetryFunc"). gax.Invoke is not: it may add its WithTimeout.
	PassesCtx bool
	// Delay, Capped and Jittered describe the default delay policy.
	Delay            DelayKind
	Capped, Jittered Tri
	// Display is the short name used in diagnostics ("backoff.Retry").
	Display string
	// TimeArg is 1 + the index of the argument that limits the elapsed
	// time of the whole retry (terraform's Retry(timeout, f)), 0 when none.
	TimeArg int
	// LastErr: when its context ends the retry, the call returns the
	// last attempt's error, not the context's (terraform's RetryContext:
	// "resultErr takes precedence over waitErr").
	LastErr bool
	// Classifier, when set, is how the call decides which errors of its
	// operation go round (nil: by the error alone, as the library's
	// convention says; catalog.ErrorOperation).
	Classifier *RetryClassifier
}

// RetryClassifier is the function a library call asks of each error of
// its operation: its argument Arg, or a predicate the library always
// uses (Arg -1, Fixed):
//
//	retry.OnError(backoff, func(err error) bool { return apierrors.IsConflict(err) }, fn) // Arg 1
//	retry.RetryOnConflict(backoff, fn)                                                  // Fixed: apierrors.IsConflict
type RetryClassifier struct {
	Arg   int
	Fixed Symbol
}

func loop(pkg, recv, name string, op, attempts int, display string) Retry {
	return Retry{Symbol: Symbol{pkg, recv, name}, Role: RoleLoop, Op: op, Attempts: attempts, Ctx: -1, Display: display}
}

func (r Retry) ctx(i int) Retry     { r.Ctx = i; return r }
func (r Retry) passesCtx() Retry    { r.PassesCtx = true; return r }
func (r Retry) timeBound() Retry    { r.TimeBound = true; return r }
func (r Retry) timeArg(i int) Retry { r.TimeArg = i + 1; return r }
func (r Retry) lastErr() Retry      { r.LastErr = true; return r }
func (r Retry) classifier(arg int, fixed Symbol) Retry {
	r.Classifier = &RetryClassifier{Arg: arg, Fixed: fixed}
	return r
}
func (r Retry) delay(k DelayKind, capped, jittered Tri) Retry {
	r.Delay, r.Capped, r.Jittered = k, capped, jittered
	return r
}

// cenkaltiCtx are the cenkalti/backoff major versions whose Retry takes
// a context and options: v5 and v7 (v6 was never tagged).
var cenkaltiCtx = []string{cenkaltiV5, cenkaltiV7}

const (
	cenkaltiV4 = "github.com/cenkalti/backoff/v4"
	cenkaltiV5 = "github.com/cenkalti/backoff/v5"
	cenkaltiV7 = "github.com/cenkalti/backoff/v7"
	avastV4    = "github.com/avast/retry-go/v4"
	avastV5    = "github.com/avast/retry-go/v5"
	sethvargo  = "github.com/sethvargo/go-retry"
	clientGoRt = "k8s.io/client-go/util/retry"
	waitPkg    = "k8s.io/apimachinery/pkg/util/wait"
	gax        = "github.com/googleapis/gax-go/v2"
	failsafe   = "github.com/failsafe-go/failsafe-go"
	eapache    = "github.com/eapache/go-resiliency/retrier"
	rican7     = "github.com/Rican7/retry"
	lestrrat   = "github.com/lestrrat-go/backoff/v2"
	matryer    = "github.com/matryer/try"
	matryerV1  = "gopkg.in/matryer/try.v1"
	flowchart  = "github.com/flowchartsman/retry"
	retryHTTP  = "github.com/hashicorp/go-retryablehttp"
	rehttp     = "github.com/PuerkitoBio/rehttp"
	restyV2    = "github.com/go-resty/resty/v2"
	restyV3    = "resty.dev/v3"
	awsService = "github.com/aws/aws-sdk-go-v2/service/"
	tfRetry    = "github.com/hashicorp/terraform-plugin-sdk/v2/helper/retry"
	tfResource = "github.com/hashicorp/terraform-plugin-sdk/v2/helper/resource"
	tfV1       = "github.com/hashicorp/terraform-plugin-sdk/helper/resource"
)

// failsafeAttempts: a failsafe-go retry policy's attempts when its
// builder sets no count (v0.9.8 retrypolicy/retry.go: defaultMaxRetries
// = 2).
const failsafeAttempts = 3

// retries lists the entry points; facts for each come from
// ../shared/reference/retry-libraries.md, read from the module sources.
var retries = func() []Retry {
	var rows []Retry
	// cenkalti/backoff v4 (v4.3.0), and the same names in the legacy
	// paths: Retry(op, b) stops after 15 minutes of elapsed time with the
	// default ExponentialBackOff (500ms x1.5, capped at 60s, ±50% jitter).
	for pkg, names := range map[string][]string{
		cenkaltiV4:                       {"Retry", "RetryNotify", "RetryNotifyWithTimer", "RetryWithData", "RetryNotifyWithData", "RetryNotifyWithTimerAndData"},
		"github.com/cenkalti/backoff/v3": {"Retry", "RetryNotify", "RetryNotifyWithTimer"},
		"github.com/cenkalti/backoff":    {"Retry", "RetryNotify"},
	} {
		for _, name := range names {
			rows = append(rows, loop(pkg, "", name, 0, AttemptsUnknown, "backoff."+name).timeBound().delay(DelayUnknown, TriUnknown, TriUnknown))
		}
	}
	// cenkalti/backoff v5 (v5.0.3) and v7 (v7.0.3, the same API):
	// Retry[T](ctx, op, opts...); unlimited tries within 15 minutes by
	// default.
	for _, pkg := range cenkaltiCtx {
		rows = append(rows, loop(pkg, "", "Retry", 1, AttemptsUnknown, "backoff.Retry").ctx(0).timeBound().delay(DelayExponential, TriYes, TriYes))
	}
	// avast/retry-go v4 (v4.7.0) and v3: 10 attempts, 100ms doubling with
	// up to 100ms of added jitter and no MaxDelay.
	rows = append(rows,
		loop(avastV4, "", "Do", 0, 10, "retry.Do").delay(DelayExponential, TriNo, TriYes),
		loop(avastV4, "", "DoWithData", 0, 10, "retry.DoWithData").delay(DelayExponential, TriNo, TriYes),
		loop("github.com/avast/retry-go", "", "Do", 0, 10, "retry.Do").delay(DelayExponential, TriNo, TriYes))
	// avast/retry-go v5 (v5.1.1): configured at New, run at Do.
	rows = append(rows,
		loop(avastV5, "Retrier", "Do", 0, 10, "retry.Retrier.Do").delay(DelayExponential, TriNo, TriYes),
		loop(avastV5, "RetrierWithData", "Do", 0, 10, "retry.RetrierWithData.Do").delay(DelayExponential, TriNo, TriYes))
	// sethvargo/go-retry (v0.5.0): the backoff decides everything, and
	// none of its backoffs has a bound, a cap or jitter of its own.
	for _, name := range []string{"Do", "DoValue", "Constant", "Exponential", "Fibonacci"} {
		r := loop(sethvargo, "", name, 2, AttemptsUnbounded, "retry."+name).ctx(0).passesCtx()
		switch name {
		case "Constant":
			r = r.delay(DelayConstant, TriYes, TriNo)
		case "Exponential", "Fibonacci":
			r = r.delay(DelayExponential, TriNo, TriNo)
		}
		rows = append(rows, r)
	}
	// client-go util/retry (v0.37.2): attempts = Steps of the wait.Backoff;
	// OnError(backoff, retriable, fn) goes round on an error of fn while
	// retriable(err) says so, RetryOnConflict(backoff, fn) is
	// OnError(backoff, errors.IsConflict, fn).
	rows = append(rows,
		loop(clientGoRt, "", "RetryOnConflict", 1, AttemptsUnknown, "retry.RetryOnConflict").classifier(-1, Symbol{apiErrors, "", "IsConflict"}),
		loop(clientGoRt, "", "OnError", 2, AttemptsUnknown, "retry.OnError").classifier(1, Symbol{}))
	// apimachinery wait (v0.37.2): ExponentialBackoff retries a condition
	// Steps times; the Poll and Until families wait for a state.
	rows = append(rows,
		loop(waitPkg, "", "ExponentialBackoff", 1, AttemptsUnknown, "wait.ExponentialBackoff"),
		loop(waitPkg, "", "ExponentialBackoffWithContext", 2, AttemptsUnknown, "wait.ExponentialBackoffWithContext").ctx(0).passesCtx())
	for name, op := range map[string]int{
		"PollUntilContextTimeout": 4, "PollUntilContextCancel": 3, "Poll": 2, "PollImmediate": 2,
		"PollWithContext": 3, "PollImmediateWithContext": 3, "PollInfinite": 1, "PollImmediateInfinite": 1,
		"PollUntil": 1, "Until": 0, "NonSlidingUntil": 0, "Forever": 0, "JitterUntil": 0, "BackoffUntil": 0,
		"UntilWithContext": 1, "NonSlidingUntilWithContext": 1, "JitterUntilWithContext": 1, "BackoffUntilWithContext": 1,
	} {
		rows = append(rows, Retry{Symbol: Symbol{waitPkg, "", name}, Role: RolePoll, Op: op, Ctx: -1, Display: "wait." + name})
	}
	// gax-go v2 (v2.27.0): Invoke retries until the context ends; the
	// default Backoff is 1s x2 capped at 30s with full jitter.
	rows = append(rows, loop(gax, "", "Invoke", 1, AttemptsUnbounded, "gax.Invoke").ctx(0).delay(DelayExponential, TriYes, TriYes))
	// failsafe-go (v0.9.8): the Executor returned by failsafe.With runs
	// the function; it retries only with a retry policy among its
	// policies, whose builder makes 3 attempts (retrypolicy/retry.go:
	// defaultMaxRetries = 2) and no delay unless told otherwise.
	for _, name := range []string{"Get", "Run", "GetWithExecution", "RunWithExecution", "GetAsync", "RunAsync", "GetAsyncWithExecution", "RunAsyncWithExecution"} {
		rows = append(rows, loop(failsafe, "executor", name, 0, failsafeAttempts, "failsafe."+name))
	}
	// eapache/go-resiliency retrier (v1.7.0): len(backoff)+1 attempts.
	rows = append(rows,
		loop(eapache, "Retrier", "Run", 0, AttemptsUnknown, "retrier.Run"),
		loop(eapache, "Retrier", "RunCtx", 1, AttemptsUnknown, "retrier.RunCtx").ctx(0).passesCtx(),
		loop(eapache, "Retrier", "RunFn", 1, AttemptsUnknown, "retrier.RunFn").ctx(0).passesCtx())
	// Rican7/retry (v0.3.1): unbounded without strategy.Limit.
	rows = append(rows, loop(rican7, "", "Retry", 0, AttemptsUnbounded, "retry.Retry"))
	// lestrrat-go/backoff v2 (v2.0.8): the loop is the user's own,
	//	for backoff.Continue(c) { ... }
	// and the controller lets it run 10 times by default.
	rows = append(rows, Retry{Symbol: Symbol{lestrrat, "", "Continue"}, Role: RoleLoop, Op: -1, Attempts: 10, Ctx: -1,
		Display: "backoff.Continue", Delay: DelayExponential, Capped: TriYes, Jittered: TriNo})
	// matryer/try: 10 attempts (the global try.MaxRetries), no delay.
	rows = append(rows,
		loop(matryer, "", "Do", 0, 10, "try.Do").delay(DelayNone, TriUnknown, TriNo),
		loop(matryerV1, "", "Do", 0, 10, "try.Do").delay(DelayNone, TriUnknown, TriNo))
	// flowchartsman/retry (v1.2.0): 5 tries, capped and jittered always.
	rows = append(rows,
		loop(flowchart, "Retrier", "Run", 0, AttemptsUnknown, "retry.Retrier.Run").delay(DelayExponential, TriYes, TriYes),
		loop(flowchart, "Retrier", "RunContext", 1, AttemptsUnknown, "retry.Retrier.RunContext").ctx(0).passesCtx().delay(DelayExponential, TriYes, TriYes))
	// hashicorp/go-retryablehttp (v0.7.8): 5 attempts (RetryMax 4), 1s
	// doubling capped at 30s, no jitter with DefaultBackoff.
	for _, name := range []string{"Do", "Get", "Head", "Post", "PostForm"} {
		rows = append(rows, client(retryHTTP, "Client", name, 5, "retryablehttp.Client."+name))
	}
	for _, name := range []string{"Get", "Head", "Post", "PostForm"} {
		rows = append(rows, client(retryHTTP, "", name, 5, "retryablehttp."+name))
	}
	rows = append(rows, client(retryHTTP, "RoundTripper", "RoundTrip", 5, "retryablehttp.RoundTripper"))
	// PuerkitoBio/rehttp (v1.4.0): NewTransport(rt, retry, delay) retries
	// while its RetryFn says so, with no limit of its own (a count comes
	// from RetryMaxRetries), waiting what its DelayFn returns, until the
	// request's context is done (rehttp.go RoundTrip).
	rows = append(rows, client(rehttp, "Transport", "RoundTrip", AttemptsUnknown, "rehttp.Transport").delay(DelayUnknown, TriUnknown, TriUnknown))
	// terraform-plugin-sdk v2 (v2.40.1) helper/retry, the deprecated
	// aliases of helper/resource and SDK v1 (v1.17.2, Retry only):
	//	resource.Retry(timeout, func() *resource.RetryError { ... })
	// runs the function until it returns nil, or a RetryError that is not
	// Retryable (NonRetryableError), with no attempt limit, until timeout
	// (RetryContext: or ctx) ends the StateChangeConf it runs (wait.go).
	// WaitForStateContext (state.go) runs the first attempt at once, then
	// waits MinTimeout 500ms doubling to 10s; no jitter.
	for pkg, names := range map[string][]string{tfRetry: {"Retry", "RetryContext"}, tfResource: {"Retry", "RetryContext"}, tfV1: {"Retry"}} {
		for _, name := range names {
			r := loop(pkg, "", name, 1, AttemptsUnbounded, path.Base(pkg)+"."+name).timeBound().timeArg(0).delay(DelayExponential, TriYes, TriNo)
			if name == "RetryContext" {
				r = loop(pkg, "", name, 2, AttemptsUnbounded, path.Base(pkg)+"."+name).ctx(0).lastErr().timeBound().timeArg(1).delay(DelayExponential, TriYes, TriNo)
			}
			rows = append(rows, r)
		}
	}
	// failsafe-go's failsafehttp RoundTripper runs each request in an
	// executor of its policies (transports.go), 3 attempts by default;
	// its waits are the policy's (NewRetryPolicyBuilder's DelayFunc
	// follows Retry-After), not described here.
	rows = append(rows, Retry{Symbol: Symbol{failsafeHTTP, "roundTripper", "RoundTrip"}, Role: RoleClient, Op: -1, Attempts: failsafeAttempts, Ctx: -1,
		Display: "failsafehttp.RoundTripper"})
	return rows
}()

func client(pkg, recv, name string, attempts int, display string) Retry {
	return Retry{Symbol: Symbol{pkg, recv, name}, Role: RoleClient, Op: -1, Attempts: attempts, Ctx: -1, Display: display}.
		delay(DelayExponential, TriYes, TriNo)
}

var retryIndex = index(retries, func(r *Retry) Symbol { return r.Symbol })

// Retries returns every catalogued retry entry point (for documentation
// and tests).
func Retries() []Retry { return retries }

// LookupRetry returns the catalogued retry entry point fn is, or nil.
// Methods of the failsafe-go executor are matched on the interface
// (Executor) and its implementation alike.
func LookupRetry(fn *types.Func) *Retry {
	if fn == nil {
		return nil
	}
	s := SymbolOf(fn)
	if s.Pkg == failsafe && (s.Recv == "Executor" || s.Recv == "executor") {
		s.Recv = "executor"
	}
	return retryIndex[s]
}
