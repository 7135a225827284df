package catalog

import (
	"fmt"
	"strconv"
)

// What each retry mechanism offers as a load budget (loadbudget.go has
// the arithmetic). The recognizer (retryscan's Site.LoadBudget) matches a
// site's configuration against these rows; retrybudget and the report
// ask it, so one place says what a site's budget is.

// BudgetKind is what a retry site's load budget is, as far as the code
// shows it.
type BudgetKind uint8

const (
	// BudgetUnknown: the code does not show it (a client built
	// elsewhere, a library option not seen, a user wrapper).
	BudgetUnknown BudgetKind = iota
	// BudgetNone: the mechanism has no budget at all (a hand-written
	// loop, cenkalti/backoff, retry-go v4).
	BudgetNone
	// BudgetOff: the mechanism has one and the code turns it off
	// (aws-sdk-go-v2's ratelimit.None).
	BudgetOff
	// BudgetOn: a budget caps retries at a share of the calls; Share
	// says how much when the numbers are visible.
	BudgetOn
	// BudgetLimiter: a rate limiter runs every attempt (x/time/rate in
	// a loop, resty's SetRateLimiter): it caps the rate of calls, not
	// the share of retries.
	BudgetLimiter
)

func (k BudgetKind) String() string {
	switch k {
	case BudgetNone:
		return "none"
	case BudgetOff:
		return "off"
	case BudgetOn:
		return "budget"
	case BudgetLimiter:
		return "limiter"
	}
	return "unknown"
}

// LoadBudget is one retry site's load budget.
type LoadBudget struct {
	Kind BudgetKind
	// Share is, for a budget whose numbers are visible, the most extra
	// load its retries add as a share of the calls (0.09: a full outage
	// sends at most 1.09 times the calls instead of A times); 0 when
	// not known.
	Share float64
	// What names the mechanism: "retryThrottling (maxTokens 10,
	// tokenRatio 0.1)", "ratelimit.None".
	What string
	// Why says why the budget is unknown.
	Why string
}

// Share is the most extra load retryThrottling lets retries add, as a
// share of the calls: retries go on only while fewer than r/(1+r) of the
// calls fail.
func (t RetryThrottling) Share() float64 {
	if t.TokenRatio <= 0 {
		return 0
	}
	return t.TokenRatio / (1 + t.TokenRatio)
}

// GRPCBudget is the load budget of a service config's retryThrottling.
func (t RetryThrottling) GRPCBudget() LoadBudget {
	return LoadBudget{Kind: BudgetOn, Share: t.Share(),
		What: fmt.Sprintf("retryThrottling (maxTokens %s, tokenRatio %s)", num(t.MaxTokens), num(t.TokenRatio))}
}

func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// AWSBudget is the standard retryer's token bucket with tokens tokens
// (AWSRetryTokens by default): a retry costs AWSRetryCost and a call that
// succeeds gives one back, so sustained retries are at most one per
// AWSRetryCost successful calls.
func AWSBudget(tokens int, dflt bool) LoadBudget {
	what := fmt.Sprintf("retry token bucket (%d tokens, %d per retry)", tokens, AWSRetryCost)
	if dflt {
		what += ", on by default"
	}
	return LoadBudget{Kind: BudgetOn, Share: 1.0 / AWSRetryCost, What: what}
}

// AWS symbols the load budget reads in a client's configuration.
var (
	AWSNoRateLimit      = Symbol{awsRateLimit, "", "None"}
	AWSTokenRateLimit   = Symbol{awsRateLimit, "", "NewTokenRateLimit"}
	AWSNewStandard      = Symbol{awsRetry, "", "NewStandard"}
	AWSNewAdaptiveMode  = Symbol{awsRetry, "", "NewAdaptiveMode"}
	AWSWithRetryer      = Symbol{"github.com/aws/aws-sdk-go-v2/config", "", "WithRetryer"}
	AWSLoadDefault      = Symbol{"github.com/aws/aws-sdk-go-v2/config", "", "LoadDefaultConfig"}
	awsBudgetCostFields = map[string]bool{"RetryCost": true, "RetryTimeoutCost": true, "NoRetryIncrement": true}
)

// AWSBucketField says what setting a field of retry.StandardOptions does
// to the token bucket: "RateLimiter" (replaces it), "cost" (changes what
// a retry costs or a success gives back), "" (nothing).
func AWSBucketField(s Symbol) string {
	if s.Pkg != awsRetry || s.Recv != "StandardOptions" {
		return ""
	}
	switch {
	case s.Name == "RateLimiter":
		return "RateLimiter"
	case awsBudgetCostFields[s.Name]:
		return "cost"
	}
	return ""
}

// LibraryBudget is what a retry library offers as a load budget.
type LibraryBudget struct {
	// Kind is BudgetNone for a library with no budget; for one that
	// offers it as an option, the kind the option gives.
	Kind BudgetKind
	// Option is the option that turns it on (retry.WithThrottle),
	// matched by package and name (failsafe-go's is a method of a
	// generic builder interface); empty when there is none.
	Option Symbol
	// What names the option in the report.
	What string
}

// libraryBudgets are the retry libraries of retry.go and clients.go, by
// package: read in the module sources at the versions retry.go names.
// A library not listed has an unknown budget.
var libraryBudgets = map[string]LibraryBudget{
	cenkaltiV4:                       {Kind: BudgetNone},
	cenkaltiV5:                       {Kind: BudgetNone},
	cenkaltiV7:                       {Kind: BudgetNone},
	"github.com/cenkalti/backoff/v3": {Kind: BudgetNone},
	"github.com/cenkalti/backoff":    {Kind: BudgetNone},
	avastV4:                          {Kind: BudgetNone},
	"github.com/avast/retry-go":      {Kind: BudgetNone},
	sethvargo:                        {Kind: BudgetNone},
	clientGoRt:                       {Kind: BudgetNone},
	waitPkg:                          {Kind: BudgetNone},
	gax:                              {Kind: BudgetNone},
	retryHTTP:                        {Kind: BudgetNone},
	rehttp:                           {Kind: BudgetNone}, // v1.4.0: a RetryFn and a DelayFn, no bucket
	eapache:                          {Kind: BudgetNone},
	rican7:                           {Kind: BudgetNone},
	lestrrat:                         {Kind: BudgetNone},
	matryer:                          {Kind: BudgetNone},
	matryerV1:                        {Kind: BudgetNone},
	flowchart:                        {Kind: BudgetNone},
	// terraform-plugin-sdk: a StateChangeConf's waits and nothing else.
	tfRetry:    {Kind: BudgetNone},
	tfResource: {Kind: BudgetNone},
	tfV1:       {Kind: BudgetNone},
	// retry-go v5.1.1 throttle.go: a ThrottleManager (a fixed token
	// bucket) shared by the retriers given retry.WithThrottle.
	avastV5: {Kind: BudgetOn, Option: Symbol{avastV5, "", "WithThrottle"}, What: "retry.WithThrottle"},
	// failsafe-go v0.9.8 budget: retrypolicy's WithBudget caps the share
	// of inflight executions that are retries (maxRate, 0.2 by default);
	// failsafehttp's RoundTripper retries by the same policies.
	failsafe:     failsafeBudget,
	failsafeHTTP: failsafeBudget,
	// resty v2.17.2 and v3: Client.SetRateLimiter runs Allow before
	// every request, retries included.
	restyV2: {Kind: BudgetLimiter, Option: Symbol{restyV2, "Client", "SetRateLimiter"}, What: "resty SetRateLimiter"},
	restyV3: {Kind: BudgetLimiter, Option: Symbol{restyV3, "Client", "SetRateLimiter"}, What: "resty SetRateLimiter"},
}

var failsafeBudget = LibraryBudget{Kind: BudgetOn, Option: Symbol{failsafeRetry, "", "WithBudget"}, What: "retrypolicy WithBudget"}

// LookupLibraryBudget returns what the retry library pkg offers as a load
// budget, and false when the catalog does not say.
func LookupLibraryBudget(pkg string) (LibraryBudget, bool) {
	b, ok := libraryBudgets[pkg]
	return b, ok
}

// IsBudgetOption reports whether s is the option of a library's budget.
func (b LibraryBudget) IsBudgetOption(s Symbol) bool {
	return b.Option.Name != "" && s.Pkg == b.Option.Pkg && s.Name == b.Option.Name
}

// rateLimiters are the waits of a rate limiter that an attempt can run:
// golang.org/x/time/rate (v0.15.0) Limiter's Wait, Allow and Reserve.
var rateLimiters = map[Symbol]bool{
	{"golang.org/x/time/rate", "Limiter", "Wait"}:     true,
	{"golang.org/x/time/rate", "Limiter", "WaitN"}:    true,
	{"golang.org/x/time/rate", "Limiter", "Allow"}:    true,
	{"golang.org/x/time/rate", "Limiter", "AllowN"}:   true,
	{"golang.org/x/time/rate", "Limiter", "Reserve"}:  true,
	{"golang.org/x/time/rate", "Limiter", "ReserveN"}: true,
}

// IsRateLimiterWait reports whether s is the wait of a rate limiter.
func IsRateLimiterWait(s Symbol) bool { return rateLimiters[s] }
