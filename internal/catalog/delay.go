package catalog

import (
	"go/types"
	"slices"
	"time"
)

// DelayEffect is what an option, constructor, struct field or function
// value does to the wait between attempts of a retry library.
type DelayEffect uint8

const (
	// DelGrowth makes the wait grow geometrically by Factor each attempt
	// (retry.NewExponential(base), retrier.ExponentialBackoff(n, d),
	// retry.BackOffDelay). Arg is the first wait, when an argument holds
	// it.
	DelGrowth DelayEffect = iota + 1
	// DelConstant makes every wait the same (backoff.NewConstantBackOff,
	// retry.FixedDelay). Arg is the wait.
	DelConstant
	// DelLinear makes the wait grow by a step (retryablehttp's
	// LinearJitterBackoff, Rican7 backoff.Linear).
	DelLinear
	// DelNone makes attempts follow each other at once (&backoff.ZeroBackOff{}).
	DelNone
	// DelCap caps a single wait at the argument (retry.MaxDelay(d),
	// wait.Backoff.Cap); a zero value means no cap where ZeroRemoves.
	DelCap
	// DelJitter adds random jitter of the argument's size
	// (retry.WithJitter, ExponentialBackOff.RandomizationFactor); a zero
	// value removes it where ZeroRemoves.
	DelJitter
	// DelInitial sets the first wait to the argument (retry.Delay(d),
	// wait.Backoff.Duration).
	DelInitial
	// DelFactor sets the growth per attempt to the argument
	// (wait.Backoff.Factor; 0 or 1 make the wait constant).
	DelFactor
	// DelPolicy takes a whole delay policy as its argument, to be read
	// where it is built (retry.DelayType(f), backoff.WithBackOff(b),
	// retryablehttp.Client.Backoff). A policy the recognizer cannot
	// read makes the delay unknown.
	DelPolicy
)

// DelayOption is a catalogued delay option. Constructor rows bring a
// whole default policy (Capped, Jittered) that explicit options refine,
// whatever their order in the source. Value rows are functions or
// variables used as values (retry.BackOffDelay, retry.DefaultBackoff);
// Field rows are struct fields (Recv is the struct type).
type DelayOption struct {
	Symbol
	Effect      DelayEffect
	Arg         int
	Field       bool
	Value       bool
	Constructor bool
	ZeroRemoves bool
	// Factor is the growth per attempt of a DelGrowth row (2: doubling),
	// 0 when it is not a fixed number (fibonacci) or comes from
	// FactorArg.
	Factor float64
	// FactorArg is the argument that holds the growth per attempt
	// (Rican7's backoff.Exponential(factor, base)); -1 when none does.
	FactorArg int
	// GrowsFirst: the first wait is already grown once, Arg times the
	// factor (Rican7's algorithms are called from attempt 1 on).
	GrowsFirst bool
	// Initial is the first wait a constructor brings by default.
	Initial          time.Duration
	Capped, Jittered Tri
}

func dopt(pkg, recv, name string, eff DelayEffect, arg int) DelayOption {
	return DelayOption{Symbol: Symbol{pkg, recv, name}, Effect: eff, Arg: arg, FactorArg: -1}
}

func dfield(pkg, typ, name string, eff DelayEffect) DelayOption {
	return DelayOption{Symbol: Symbol{pkg, typ, name}, Effect: eff, Arg: -1, FactorArg: -1, Field: true}
}

// ctor marks a row as a constructor bringing a default policy.
func (o DelayOption) ctor(capped, jittered Tri) DelayOption {
	o.Constructor, o.Capped, o.Jittered = true, capped, jittered
	return o
}
func (o DelayOption) factor(f float64) DelayOption        { o.Factor = f; return o }
func (o DelayOption) initial(d time.Duration) DelayOption { o.Initial = d; return o }
func (o DelayOption) zeroRemoves() DelayOption            { o.ZeroRemoves = true; return o }
func (o DelayOption) value() DelayOption                  { o.Value = true; return o }
func (o DelayOption) factorArg(i int) DelayOption         { o.FactorArg = i; return o }
func (o DelayOption) growsFirst() DelayOption             { o.GrowsFirst = true; return o }

const (
	apimachineryWait = waitPkg
	rican7Strategy   = rican7 + "/strategy"
	rican7Backoff    = rican7 + "/backoff"
)

// delayOptions: facts read from the module sources named in
// ../shared/reference/retry-libraries.md (§2, §10).
var delayOptions = func() []DelayOption {
	var rows []DelayOption
	// cenkalti/backoff v4.3.0, v5.0.3 and the legacy paths: the default
	// ExponentialBackOff is 500ms x1.5, capped (MaxInterval 60s) and
	// jittered (RandomizationFactor 0.5); a struct literal starts from
	// zero fields (no jitter).
	for _, pkg := range []string{cenkaltiV4, cenkaltiV5, cenkaltiV7, "github.com/cenkalti/backoff/v3", "github.com/cenkalti/backoff"} {
		rows = append(rows,
			dopt(pkg, "", "NewExponentialBackOff", DelGrowth, -1).ctor(TriYes, TriYes).factor(1.5).initial(500*time.Millisecond),
			dopt(pkg, "ExponentialBackOff", "", DelGrowth, -1).ctor(TriYes, TriNo).factor(1.5),
			dopt(pkg, "", "NewConstantBackOff", DelConstant, 0).ctor(TriYes, TriNo),
			dopt(pkg, "ZeroBackOff", "", DelNone, -1).ctor(TriYes, TriNo),
			dopt(pkg, "StopBackOff", "", DelNone, -1).ctor(TriYes, TriNo),
			dfield(pkg, "ExponentialBackOff", "RandomizationFactor", DelJitter).zeroRemoves(),
			dfield(pkg, "ExponentialBackOff", "MaxInterval", DelCap),
			dfield(pkg, "ExponentialBackOff", "InitialInterval", DelInitial),
			dfield(pkg, "ExponentialBackOff", "Multiplier", DelFactor))
	}
	// Only v4's NewExponentialBackOff takes options.
	rows = append(rows,
		dopt(cenkaltiV4, "", "WithRandomizationFactor", DelJitter, 0).zeroRemoves(),
		dopt(cenkaltiV4, "", "WithMaxInterval", DelCap, 0),
		dopt(cenkaltiV4, "", "WithInitialInterval", DelInitial, 0),
		dopt(cenkaltiV4, "", "WithMultiplier", DelFactor, 0))
	for _, pkg := range cenkaltiCtx {
		rows = append(rows, dopt(pkg, "", "WithBackOff", DelPolicy, 0))
	}
	// avast/retry-go v4.7.0, v5.1.1, v3: the delay type is a function
	// value; BackOffDelay is delay << (n-1), FixedDelay the delay, where
	// delay is the config's, 100ms unless retry.Delay sets it
	// (newDefaultRetryConfig), whichever delay type DelayType chooses.
	for _, pkg := range []string{avastV4, avastV5, "github.com/avast/retry-go"} {
		rows = append(rows,
			dopt(pkg, "", "DelayType", DelPolicy, 0),
			dopt(pkg, "", "MaxDelay", DelCap, 0).zeroRemoves(),
			dopt(pkg, "", "Delay", DelInitial, 0),
			dopt(pkg, "", "BackOffDelay", DelGrowth, -1).ctor(TriNo, TriNo).factor(2).initial(100*time.Millisecond).value(),
			dopt(pkg, "", "FixedDelay", DelConstant, -1).ctor(TriYes, TriNo).initial(100*time.Millisecond).value(),
			dopt(pkg, "", "RandomDelay", DelJitter, -1).value())
	}
	// FullJitterBackoffDelay is not in v3.
	for _, pkg := range []string{avastV4, avastV5} {
		rows = append(rows, dopt(pkg, "", "FullJitterBackoffDelay", DelGrowth, -1).ctor(TriUnknown, TriYes).factor(2).value())
	}
	rows = append(rows, dopt(avastV5, "", "MaxJitter", DelJitter, 0).zeroRemoves())
	// sethvargo/go-retry v0.5.0: backoffs have no cap and no jitter of
	// their own; middleware adds them. NewExponential is base << attempt.
	rows = append(rows,
		dopt(sethvargo, "", "NewExponential", DelGrowth, 0).ctor(TriNo, TriNo).factor(2),
		dopt(sethvargo, "", "Exponential", DelGrowth, 1).ctor(TriNo, TriNo).factor(2),
		dopt(sethvargo, "", "NewFibonacci", DelGrowth, 0).ctor(TriNo, TriNo),
		dopt(sethvargo, "", "Fibonacci", DelGrowth, 1).ctor(TriNo, TriNo),
		dopt(sethvargo, "", "NewConstant", DelConstant, 0).ctor(TriYes, TriNo),
		dopt(sethvargo, "", "Constant", DelConstant, 1).ctor(TriYes, TriNo),
		dopt(sethvargo, "", "WithCappedDuration", DelCap, 0),
		dopt(sethvargo, "", "WithJitter", DelJitter, 0),
		dopt(sethvargo, "", "WithJitterPercent", DelJitter, 0),
		dopt(sethvargo, "", "WithFullJitter", DelJitter, -1))
	// apimachinery wait.Backoff (v0.37.2): a literal's unset fields are
	// zero: Factor 0 is a constant wait, Jitter 0 none, Cap 0 none. The
	// client-go presets are jittered (Jitter 0.1).
	rows = append(rows,
		dopt(apimachineryWait, "Backoff", "", DelConstant, -1).ctor(TriNo, TriNo),
		dfield(apimachineryWait, "Backoff", "Duration", DelInitial),
		dfield(apimachineryWait, "Backoff", "Factor", DelFactor),
		dfield(apimachineryWait, "Backoff", "Jitter", DelJitter).zeroRemoves(),
		dfield(apimachineryWait, "Backoff", "Cap", DelCap).zeroRemoves(),
		dopt(clientGoRt, "", "DefaultRetry", DelConstant, -1).ctor(TriYes, TriYes).initial(10*time.Millisecond).value(),
		dopt(clientGoRt, "", "DefaultBackoff", DelGrowth, -1).ctor(TriNo, TriYes).factor(5).initial(10*time.Millisecond).value())
	// hashicorp/go-retryablehttp v0.7.8: DefaultBackoff is min*2^n capped
	// at max with no jitter.
	rows = append(rows,
		dfield(retryHTTP, "Client", "Backoff", DelPolicy),
		dopt(retryHTTP, "", "DefaultBackoff", DelGrowth, -1).ctor(TriYes, TriNo).factor(2).value(),
		dopt(retryHTTP, "", "LinearJitterBackoff", DelLinear, -1).ctor(TriUnknown, TriYes).value(),
		dopt(retryHTTP, "", "RateLimitLinearJitterBackoff", DelLinear, -1).ctor(TriUnknown, TriYes).value())
	// PuerkitoBio/rehttp v1.4.0: ConstDelay(d) waits d; ExpJitterDelay(base,
	// max) and ExpJitterDelayWithRand a random wait in [0, base*2^i), i
	// the retry's index, capped at max (full jitter).
	rows = append(rows,
		dopt(rehttp, "", "ConstDelay", DelConstant, 0).ctor(TriYes, TriNo),
		dopt(rehttp, "", "ExpJitterDelay", DelGrowth, 0).ctor(TriYes, TriYes).factor(2),
		dopt(rehttp, "", "ExpJitterDelayWithRand", DelGrowth, 0).ctor(TriYes, TriYes).factor(2))
	// failsafe-go v0.9.8 retrypolicy: no delay by default; WithBackoff
	// always has a maxDelay.
	rows = append(rows,
		dopt(failsafeRetry, "", "NewWithDefaults", DelNone, -1).ctor(TriYes, TriNo),
		// WithDelay and WithDelayFunc are declared by the embedded
		// failsafe.DelayablePolicyBuilder (the circuit breaker's builder
		// redeclares its own).
		dopt(failsafe, "DelayablePolicyBuilder", "WithDelay", DelConstant, 0).ctor(TriYes, TriNo),
		dopt(failsafe, "DelayablePolicyBuilder", "WithDelayFunc", DelPolicy, 0),
		dopt(failsafeRetry, "Builder", "WithBackoff", DelGrowth, 0).ctor(TriYes, TriNo).factor(2),
		dopt(failsafeRetry, "Builder", "WithBackoffFactor", DelGrowth, 0).ctor(TriYes, TriNo),
		dopt(failsafeRetry, "Builder", "WithRandomDelay", DelJitter, -1),
		dopt(failsafeRetry, "Builder", "WithJitter", DelJitter, 0).zeroRemoves(),
		dopt(failsafeRetry, "Builder", "WithJitterFactor", DelJitter, 0).zeroRemoves())
	// go-grpc-middleware v2.3.4's retry interceptor: WithBackoff takes a
	// BackoffFunc, called for attempt n >= 1; the exponential ones return
	// scalar << (n-1) (scalar, 2 x scalar, ...), the jittered ones move it
	// by up to +-jitterFraction, the bounded one caps it at its third
	// argument.
	rows = append(rows,
		dopt(grpcMiddlewareRetry, "", "WithBackoff", DelPolicy, 0),
		dopt(grpcMiddlewareRetry, "", "BackoffLinear", DelConstant, 0).ctor(TriYes, TriNo),
		dopt(grpcMiddlewareRetry, "", "BackoffLinearWithJitter", DelConstant, 0).ctor(TriYes, TriYes),
		dopt(grpcMiddlewareRetry, "", "BackoffExponential", DelGrowth, 0).ctor(TriNo, TriNo).factor(2),
		dopt(grpcMiddlewareRetry, "", "BackoffExponentialWithJitter", DelGrowth, 0).ctor(TriNo, TriYes).factor(2),
		dopt(grpcMiddlewareRetry, "", "BackoffExponentialWithJitterBounded", DelGrowth, 0).ctor(TriYes, TriYes).factor(2))
	// go-grpc-middleware v1.4.0's (retry/backoff.go,
	// util/backoffutils/backoff.go): the same BackoffFuncs, of the
	// attempt alone. waitRetryBackoff asks for a wait only before attempt
	// n >= 1 (retry.go:253-257); BackoffExponential returns scalar *
	// ExponentBase2(n), `(1 << a) >> 1` (scalar, 2 x scalar, ...), with
	// no cap; JitterUp moves a wait by up to +-jitterFraction. There is no
	// bounded one (v2.3.4 added BackoffExponentialWithJitterBounded).
	// WithBackoffContext takes a function of the context and the attempt.
	rows = append(rows,
		dopt(grpcMiddlewareRetryV1, "", "WithBackoff", DelPolicy, 0),
		dopt(grpcMiddlewareRetryV1, "", "WithBackoffContext", DelPolicy, 0),
		dopt(grpcMiddlewareRetryV1, "", "BackoffLinear", DelConstant, 0).ctor(TriYes, TriNo),
		dopt(grpcMiddlewareRetryV1, "", "BackoffLinearWithJitter", DelConstant, 0).ctor(TriYes, TriYes),
		dopt(grpcMiddlewareRetryV1, "", "BackoffExponential", DelGrowth, 0).ctor(TriNo, TriNo).factor(2),
		dopt(grpcMiddlewareRetryV1, "", "BackoffExponentialWithJitter", DelGrowth, 0).ctor(TriNo, TriYes).factor(2))
	// eapache/go-resiliency v1.7.0 retrier: a table of waits, jittered
	// only by SetJitter.
	rows = append(rows,
		dopt(eapache, "", "ConstantBackoff", DelConstant, 1).ctor(TriYes, TriNo),
		dopt(eapache, "", "ExponentialBackoff", DelGrowth, 1).ctor(TriNo, TriNo).factor(2),
		dopt(eapache, "", "LimitedExponentialBackoff", DelGrowth, 1).ctor(TriYes, TriNo).factor(2),
		dopt(eapache, "Retrier", "SetJitter", DelJitter, 0).zeroRemoves())
	// Rican7/retry v0.3.1: strategy.Backoff applies no jitter, and no
	// algorithm has a cap.
	rows = append(rows,
		dopt(rican7Strategy, "", "Backoff", DelPolicy, 0).ctor(TriUnknown, TriNo),
		dopt(rican7Strategy, "", "BackoffWithJitter", DelPolicy, 0).ctor(TriUnknown, TriYes),
		dopt(rican7Strategy, "", "Wait", DelConstant, -1).ctor(TriYes, TriNo),
		// Exponential(factor, base) waits factor x base^n before attempt
		// n >= 1, BinaryExponential(factor) factor x 2^n.
		dopt(rican7Backoff, "", "Exponential", DelGrowth, 0).ctor(TriNo, TriUnknown).factorArg(1).growsFirst(),
		dopt(rican7Backoff, "", "BinaryExponential", DelGrowth, 0).ctor(TriNo, TriUnknown).factor(2).growsFirst(),
		dopt(rican7Backoff, "", "Fibonacci", DelGrowth, -1).ctor(TriNo, TriUnknown),
		dopt(rican7Backoff, "", "Linear", DelLinear, -1).ctor(TriNo, TriUnknown),
		dopt(rican7Backoff, "", "Incremental", DelLinear, -1).ctor(TriNo, TriUnknown))
	return rows
}()

var delayIndex = index(delayOptions, func(o *DelayOption) Symbol { return o.Symbol })

// LookupDelayOption returns the delay row of a function, method, type
// (Name "") or, with Recv set to the struct type, field; or nil.
func LookupDelayOption(s Symbol) *DelayOption { return delayIndex[s] }

// DelayDefault is the default first wait and growth of a retry entry
// point whose catalog row says DelayExponential.
type DelayDefault struct {
	Initial time.Duration
	Factor  float64
}

// delayDefaults: avast/retry-go waits 100ms << (n-1) (v3, v4.7.0, v5.1.1).
var delayDefaults = map[Symbol]DelayDefault{
	{avastV4, "", "Do"}:                             {100 * time.Millisecond, 2},
	{avastV4, "", "DoWithData"}:                     {100 * time.Millisecond, 2},
	{"github.com/avast/retry-go", "", "Do"}:         {100 * time.Millisecond, 2},
	{"github.com/avast/retry-go", "", "DoWithData"}: {100 * time.Millisecond, 2},
	{avastV5, "Retrier", "Do"}:                      {100 * time.Millisecond, 2},
	{avastV5, "RetrierWithData", "Do"}:              {100 * time.Millisecond, 2},
}

// LookupDelayDefault returns the default first wait and growth of a
// retry entry point.
func LookupDelayDefault(s Symbol) (DelayDefault, bool) {
	d, ok := delayDefaults[s]
	return d, ok
}

// jitterFuncs add randomness to a duration they are given: a call of one
// of them in a hand-rolled delay counts as jitter.
var jitterFuncs = map[Symbol]bool{
	{apimachineryWait, "", "Jitter"}: true,
}

// randomPkgs are the packages whose functions and methods return random
// values.
var randomPkgs = map[string]bool{"math/rand": true, "math/rand/v2": true, "crypto/rand": true}

// IsRandom reports whether calling fn contributes randomness: a function
// or method of math/rand, math/rand/v2 or crypto/rand, or a catalogued
// jitter helper (wait.Jitter).
func IsRandom(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	return randomPkgs[fn.Pkg().Path()] || jitterFuncs[SymbolOf(fn)]
}

// DelayHint is the way out a library offers, for diagnostics.
type DelayHint struct{ Cap, Jitter string }

// delayHints, by package path.
var delayHints = map[string]DelayHint{
	avastV4:                     {"add retry.MaxDelay(d)", "use the default delay type or CombineDelay(BackOffDelay, RandomDelay)"},
	avastV5:                     {"add retry.MaxDelay(d)", "use the default delay type or CombineDelay(BackOffDelay, RandomDelay)"},
	"github.com/avast/retry-go": {"add retry.MaxDelay(d)", "use the default delay type or CombineDelay(BackOffDelay, RandomDelay)"},
	sethvargo:                   {"wrap the backoff in retry.WithCappedDuration", "wrap the backoff in retry.WithJitterPercent or retry.WithFullJitter"},
	waitPkg:                     {"set Cap", "set Jitter (e.g. 0.1 or more)"},
	clientGoRt:                  {"set Cap", "set Jitter (e.g. 0.1 or more)"},
	cenkaltiV4:                  {"set MaxInterval", "keep RandomizationFactor above 0 (default 0.5) or use NewExponentialBackOff"},
	cenkaltiV5:                  {"set MaxInterval", "keep RandomizationFactor above 0 (default 0.5) or use NewExponentialBackOff"},
	cenkaltiV7:                  {"set MaxInterval", "keep RandomizationFactor above 0 (default 0.5) or use NewExponentialBackOff"},
	retryHTTP:                   {"set RetryWaitMax", "use retryablehttp.LinearJitterBackoff or a jittered Backoff func"},
	failsafe:                    {"use WithBackoff(delay, maxDelay)", "add WithJitter or WithJitterFactor to the retry policy"},
	eapache:                     {"use LimitedExponentialBackoff", "call SetJitter on the retrier"},
	grpcMiddlewareRetry:         {"use retry.BackoffExponentialWithJitterBounded", "use retry.BackoffExponentialWithJitter or retry.BackoffLinearWithJitter"},
	grpcMiddlewareRetryV1:       {"cap the wait in a BackoffFunc of your own (v1 has no bounded one)", "use grpc_retry.BackoffExponentialWithJitter or grpc_retry.BackoffLinearWithJitter"},
	rican7:                      {"use an algorithm that stops growing", "use strategy.BackoffWithJitter"},
}

// LookupDelayHint returns the way out for a library's delay findings.
func LookupDelayHint(pkg string) (DelayHint, bool) {
	h, ok := delayHints[pkg]
	return h, ok
}

// waitFuncs are the calls that wait between the attempts of a
// hand-rolled loop, by package-level function or (type, method).
var waitFuncs = []Symbol{
	{Pkg: "time", Name: "Sleep"},
	{Pkg: "time", Name: "After"},
	{Pkg: "time", Name: "NewTimer"},
	{Pkg: "time", Name: "Tick"},
	{Pkg: "time", Recv: "Timer", Name: "Reset"},
}

// IsWait reports whether calling fn waits for the duration it is given:
// time.Sleep(d), time.After(d), time.NewTimer(d), time.Tick(d),
// t.Reset(d).
func IsWait(fn *types.Func) bool {
	return fn != nil && slices.Contains(waitFuncs, SymbolOf(fn))
}

// DelayOptions returns every delay row, for tests that check them
// against the real libraries.
func DelayOptions() []DelayOption { return delayOptions }
