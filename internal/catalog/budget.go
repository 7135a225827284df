package catalog

import (
	"strings"
	"time"
)

// The time a retry can take, as data: the durations a library uses when
// the code sets none, and the options that set the durations the delay
// and bound tables do not already read (those give the first wait, the
// growth, a cap on one wait and an elapsed-time limit).

// TimeDefault is what a retry entry point or a delay constructor brings
// when the code sets nothing: the first wait, its growth per attempt, the
// longest single wait and the elapsed-time limit (0: none).
type TimeDefault struct {
	Initial time.Duration
	Factor  float64
	Cap     time.Duration
	Elapsed time.Duration
	// CapEnds says reaching the cap ends the retry, as it does for
	// apimachinery's wait.Backoff (Step sets Steps to 0 when Duration*Factor
	// exceeds Cap): the attempts after it never run.
	CapEnds bool
	// FullJitter says each wait is drawn uniformly between zero and the
	// nominal wait (aws-sdk-go-v2's standard retryer, gax's Backoff): the
	// nominal waits are a ceiling no run has to reach.
	FullJitter bool
}

// timeDefaults, from the sources named in
// ../shared/reference/retry-libraries.md (§2.1, §2.4, §2.5, §2.6, §2.8).
var timeDefaults = func() map[Symbol]TimeDefault {
	m := map[Symbol]TimeDefault{}
	// cenkalti/backoff: NewExponentialBackOff is 500ms x1.5 capped at 60s;
	// v4 and the legacy paths keep a 15 minute MaxElapsedTime on the
	// backoff, v5 on Retry.
	for _, pkg := range []string{cenkaltiV4, "github.com/cenkalti/backoff/v3", "github.com/cenkalti/backoff"} {
		m[Symbol{pkg, "", "NewExponentialBackOff"}] = TimeDefault{Initial: 500 * time.Millisecond, Factor: 1.5, Cap: time.Minute, Elapsed: 15 * time.Minute}
	}
	for _, pkg := range cenkaltiCtx {
		m[Symbol{pkg, "", "NewExponentialBackOff"}] = TimeDefault{Initial: 500 * time.Millisecond, Factor: 1.5, Cap: time.Minute}
		m[Symbol{pkg, "", "Retry"}] = TimeDefault{Initial: 500 * time.Millisecond, Factor: 1.5, Cap: time.Minute, Elapsed: 15 * time.Minute}
	}
	// retryablehttp v0.7.8: RetryWaitMin 1s doubling to RetryWaitMax 30s.
	for _, r := range retries {
		if r.Pkg == retryHTTP {
			m[r.Symbol] = TimeDefault{Initial: time.Second, Factor: 2, Cap: 30 * time.Second}
		}
	}
	m[Symbol{retryHTTP, "Client", "StandardClient"}] = TimeDefault{Initial: time.Second, Factor: 2, Cap: 30 * time.Second}
	// gax-go v2.27.0: Backoff{} is 1s x2 capped at 30s.
	m[Symbol{gax, "", "Invoke"}] = TimeDefault{Initial: time.Second, Factor: 2, Cap: 30 * time.Second, FullJitter: true}
	// aws-sdk-go-v2 v1.48.0: the longest wait before attempt i+1 is
	// min(1s * 2^(i-1), MaxBackoff 20s) (throttling errors; others start
	// at 50ms, DynamoDB's at 25ms, older versions at 2s), and the wait
	// is that times a random number in [0, 1) (jitter_backoff.go).
	m[Symbol{Pkg: awsService}] = TimeDefault{Initial: time.Second, Factor: 2, Cap: 20 * time.Second, FullJitter: true}
	// terraform-plugin-sdk's Retry: WaitForStateContext waits 500ms
	// (MinTimeout) doubling up to 10s; the limit is the timeout argument
	// (Retry.TimeArg).
	for _, r := range retries {
		if r.Pkg == tfRetry || r.Pkg == tfResource || r.Pkg == tfV1 {
			m[r.Symbol] = TimeDefault{Initial: 500 * time.Millisecond, Factor: 2, Cap: 10 * time.Second}
		}
	}
	// PuerkitoBio/rehttp v1.4.0: ExpJitterDelay(base, max) draws each wait
	// in [0, min(base*2^i, max)) (full jitter); its arguments are time
	// options below, as is ConstDelay's.
	for _, name := range []string{"ExpJitterDelay", "ExpJitterDelayWithRand"} {
		m[Symbol{rehttp, "", name}] = TimeDefault{Factor: 2, FullJitter: true}
	}
	// apimachinery wait.Backoff and client-go's retry helpers built on it.
	for _, r := range retries {
		if r.Pkg == waitPkg || r.Pkg == clientGoRt {
			m[r.Symbol] = TimeDefault{CapEnds: true}
		}
	}
	return m
}()

// LookupTimeDefault returns the time defaults of a retry entry point or
// delay constructor. Every aws-sdk-go-v2 service operation shares one.
func LookupTimeDefault(s Symbol) (TimeDefault, bool) {
	if strings.HasPrefix(s.Pkg, awsService) {
		s = Symbol{Pkg: awsService}
	}
	d, ok := timeDefaults[s]
	return d, ok
}

// TimeEffect is what a time option sets.
type TimeEffect uint8

const (
	// TimeInitial sets the first wait (retryablehttp RetryWaitMin, gax
	// Backoff.Initial).
	TimeInitial TimeEffect = iota + 1
	// TimeCap sets the longest single wait (RetryWaitMax, gax Backoff.Max,
	// aws MaxBackoff).
	TimeCap
	// TimeFactor sets the growth per attempt (gax Backoff.Multiplier).
	TimeFactor
)

// TimeOption is an option, function or struct field (Field, Recv the
// struct type) that sets a duration of a retry; Arg is the argument
// holding the value.
type TimeOption struct {
	Symbol
	Effect TimeEffect
	Arg    int
	Field  bool
	// CapArg is 1 + the index of a second argument that sets the longest
	// single wait (rehttp.ExpJitterDelay(base, max)), 0 when none.
	CapArg int
}

var timeOptions = []TimeOption{
	{Symbol{retryHTTP, "Client", "RetryWaitMin"}, TimeInitial, -1, true, 0},
	{Symbol{retryHTTP, "Client", "RetryWaitMax"}, TimeCap, -1, true, 0},
	{Symbol{gax, "Backoff", "Initial"}, TimeInitial, -1, true, 0},
	{Symbol{gax, "Backoff", "Max"}, TimeCap, -1, true, 0},
	{Symbol{gax, "Backoff", "Multiplier"}, TimeFactor, -1, true, 0},
	{Symbol{awsRetry, "", "AddWithMaxBackoffDelay"}, TimeCap, 1, false, 0},
	{Symbol{awsRetry, "StandardOptions", "MaxBackoff"}, TimeCap, -1, true, 0},
	{Symbol{rehttp, "", "ConstDelay"}, TimeInitial, 0, false, 0},
	{Symbol{rehttp, "", "ExpJitterDelay"}, TimeInitial, 0, false, 2},
	{Symbol{rehttp, "", "ExpJitterDelayWithRand"}, TimeInitial, 0, false, 2},
}

var timeIndex = index(timeOptions, func(o *TimeOption) Symbol { return o.Symbol })

// LookupTimeOption returns the time row of a function or, with Recv set
// to the struct type, a field; or nil.
func LookupTimeOption(s Symbol) *TimeOption { return timeIndex[s] }
