package catalog

// Effect is what a policy option, constructor or field does to a retry.
type Effect uint8

const (
	// EffAttempts sets the attempt count to the argument's value:
	// retry.Attempts(5). A zero value means no limit where ZeroUnbounded,
	// and leaves the count as it was where ZeroDefault (aws-sdk-go-v2's
	// StandardOptions.MaxAttempts = 0 is its DefaultMaxAttempts, 3).
	EffAttempts Effect = iota + 1
	// EffRetries sets the number of retries after the first attempt:
	// backoff.WithMaxRetries(b, 4) makes 5 attempts. -1 means no limit
	// where NegUnbounded, zero no limit where ZeroUnbounded.
	EffRetries
	// EffUnbounded removes the attempt limit: retry.UntilSucceeded().
	EffUnbounded
	// EffOneAttempt makes the retry a single attempt: &backoff.StopBackOff{},
	// aws.NopRetryer{}.
	EffOneAttempt
	// EffCtx makes the retry stop when the argument's context is done:
	// retry.Context(ctx), backoff.WithContext(b, ctx).
	EffCtx
	// EffTimeLimit sets an elapsed-time limit; a zero value removes it:
	// backoff.WithMaxElapsedTime(0), ExponentialBackOff.MaxElapsedTime.
	EffTimeLimit
	// EffNoTimeLimit marks a backoff that never stops by time:
	// backoff.NewConstantBackOff, &backoff.ZeroBackOff{}.
	EffNoTimeLimit
	// EffRetryPolicy marks a value that makes the call retry at all:
	// gax.WithRetry, a failsafe-go retry policy. A call whose visible
	// options contain none of these does not retry.
	EffRetryPolicy
	// EffInnerRetries sets the retries of a layer the retry runs inside
	// each of its attempts, multiplying its count: a go-redis
	// ClusterClient sends each attempt through a node's client, which
	// retries ClusterOptions.MaxRetries times when that is above zero.
	EffInnerRetries
)

// Option is a catalogued policy option, constructor or struct field. Arg
// is the index of the argument holding the value (-1: none); for a struct
// field (Field true) the value is the field's.
type Option struct {
	Symbol
	Effect        Effect
	Arg           int
	Field         bool
	ZeroUnbounded bool
	NegUnbounded  bool
	// ZeroDefault and NegDefault: a zero or negative value sets nothing,
	// the count stays the library's (or another option's). NegOne: a
	// negative value makes one attempt (go-redis MaxRetries: -1).
	ZeroDefault, NegDefault, NegOne bool
}

func opt(pkg, recv, name string, eff Effect, arg int) Option {
	return Option{Symbol: Symbol{pkg, recv, name}, Effect: eff, Arg: arg}
}

func field(pkg, typ, name string, eff Effect) Option {
	return Option{Symbol: Symbol{pkg, typ, name}, Effect: eff, Arg: -1, Field: true}
}

func (o Option) zeroUnbounded() Option { o.ZeroUnbounded = true; return o }
func (o Option) negUnbounded() Option  { o.NegUnbounded = true; return o }
func (o Option) zeroDefault() Option   { o.ZeroDefault = true; return o }
func (o Option) negDefault() Option    { o.NegDefault = true; return o }
func (o Option) negOne() Option        { o.NegOne = true; return o }

// redisCount is go-redis's reading of MaxRetries and MaxRedirects: 0 is
// the default, -1 (or any negative value) no retry (options.go init).
func (o Option) redisCount() Option { o.ZeroDefault, o.NegOne = true, true; return o }

const (
	failsafeRetry = "github.com/failsafe-go/failsafe-go/retrypolicy"
	failsafeHTTP  = "github.com/failsafe-go/failsafe-go/failsafehttp"
	awsRetry      = "github.com/aws/aws-sdk-go-v2/aws/retry"
)

// anyOf are the calls whose arguments are alternatives: the retry goes
// on while any of them says so, so a count written in one of them limits
// nothing (rehttp v1.4.0 RetryAny; its RetryAll's conditions each limit).
var anyOf = map[Symbol]bool{{rehttp, "", "RetryAny"}: true}

// AnyOf reports a call whose arguments are alternatives (anyOf).
func AnyOf(s Symbol) bool { return anyOf[s] }

// methodGated are the conditions that retry only the requests of some
// HTTP methods (rehttp v1.4.0 RetryHTTPMethods): how many attempts a
// request makes depends on its method, which the count does not say.
var methodGated = map[Symbol]bool{{rehttp, "", "RetryHTTPMethods"}: true}

// MethodGated reports a condition that retries some methods only.
func MethodGated(s Symbol) bool { return methodGated[s] }

// boundOptions are the options that decide how many attempts a retry
// makes and what else ends it.
var boundOptions = func() []Option {
	var rows []Option
	rows = append(rows, opt(cenkaltiV4, "", "WithMaxElapsedTime", EffTimeLimit, 0))
	for _, pkg := range []string{cenkaltiV4, "github.com/cenkalti/backoff/v3", "github.com/cenkalti/backoff"} {
		rows = append(rows,
			opt(pkg, "", "WithMaxRetries", EffRetries, 1),
			opt(pkg, "", "WithContext", EffCtx, 1),
			field(pkg, "ExponentialBackOff", "MaxElapsedTime", EffTimeLimit),
			opt(pkg, "", "NewConstantBackOff", EffNoTimeLimit, -1),
			// A literal leaves MaxElapsedTime 0: it never stops by time
			// (NewExponentialBackOff's 15 minutes are the constructor's).
			opt(pkg, "ExponentialBackOff", "", EffNoTimeLimit, -1),
			opt(pkg, "ZeroBackOff", "", EffNoTimeLimit, -1),
			opt(pkg, "StopBackOff", "", EffOneAttempt, -1))
	}
	for _, pkg := range cenkaltiCtx {
		rows = append(rows,
			opt(pkg, "", "WithMaxTries", EffAttempts, 0).zeroUnbounded(),
			opt(pkg, "", "WithMaxElapsedTime", EffTimeLimit, 0))
	}
	for _, pkg := range []string{avastV4, avastV5, "github.com/avast/retry-go"} {
		rows = append(rows,
			opt(pkg, "", "Attempts", EffAttempts, 0).zeroUnbounded(),
			opt(pkg, "", "Context", EffCtx, 0))
	}
	rows = append(rows,
		opt(avastV4, "", "UntilSucceeded", EffUnbounded, -1),
		opt(avastV5, "", "UntilSucceeded", EffUnbounded, -1))
	rows = append(rows,
		opt(sethvargo, "", "WithMaxRetries", EffRetries, 0),
		opt(sethvargo, "", "WithMaxDuration", EffTimeLimit, 0),
		field(waitPkg, "Backoff", "Steps", EffAttempts),
		opt(gax, "", "WithRetry", EffRetryPolicy, -1),
		opt(gax, "", "WithTimeout", EffTimeLimit, 0),
		opt(failsafeRetry, "", "NewWithDefaults", EffRetryPolicy, -1),
		opt(failsafeRetry, "", "NewBuilder", EffRetryPolicy, -1),
		// failsafehttp.NewRetryPolicyBuilder() is retrypolicy.NewBuilder
		// with HTTP's retryable errors and statuses.
		opt(failsafeHTTP, "", "NewRetryPolicyBuilder", EffRetryPolicy, -1),
		opt(failsafeRetry, "Builder", "WithMaxRetries", EffRetries, 0).negUnbounded(),
		opt(failsafeRetry, "Builder", "WithMaxAttempts", EffAttempts, 0).negUnbounded(),
		opt(failsafeRetry, "Builder", "WithMaxDuration", EffTimeLimit, 0),
		opt(failsafe, "Executor", "WithContext", EffCtx, 0),
		// rehttp v1.4.0: RetryMaxRetries(n) allows a retry while
		// attempt.Index < n, n retries (as one of RetryAll's conditions;
		// inside RetryAny it bounds nothing: AnyOf).
		opt(rehttp, "", "RetryMaxRetries", EffRetries, 0),
		opt(eapache, "", "ConstantBackoff", EffRetries, 0),
		opt(eapache, "", "ExponentialBackoff", EffRetries, 0),
		opt(eapache, "", "LimitedExponentialBackoff", EffRetries, 0),
		opt(eapache, "Retrier", "WithInfiniteRetry", EffUnbounded, -1),
		opt(rican7+"/strategy", "", "Limit", EffAttempts, 0),
		opt(flowchart, "", "NewRetrier", EffAttempts, 0),
		opt(lestrrat, "", "WithMaxRetries", EffAttempts, 0).zeroUnbounded(),
		field(retryHTTP, "Client", "RetryMax", EffRetries),
		opt(restyV2, "Client", "SetRetryCount", EffRetries, 0),
		opt(restyV3, "Client", "SetRetryCount", EffRetries, 0),
		opt(openaiV3+"/option", "", "WithMaxRetries", EffRetries, 0),
		opt("github.com/aws/aws-sdk-go-v2/aws", "NopRetryer", "", EffOneAttempt, -1),
		opt("github.com/aws/aws-sdk-go-v2/config", "", "WithRetryMaxAttempts", EffAttempts, 0).zeroDefault(),
		opt(awsRetry, "", "AddWithMaxAttempts", EffAttempts, 1).zeroUnbounded(),
		// retry.NewStandard(func(o *retry.StandardOptions) { o.MaxAttempts = 5 }):
		// the option function is read where the retryer is built
		// (engine.ConfigOf); 0 or less is DefaultMaxAttempts.
		field(awsRetry, "StandardOptions", "MaxAttempts", EffAttempts).zeroDefault().negDefault(),
		// aws-sdk-go v1.55.8: MaxRetries of the aws.Config given to the
		// session or to the service's New (aws.Int(n), WithMaxRetries(n)),
		// n+1 attempts, -1 the service's default (aws/config.go:14,92,368;
		// aws/client/client.go:69-73). A Retryer in the config replaces it
		// (config.go:100): client.NoOpRetryer makes one attempt, a
		// client.DefaultRetryer NumMaxRetries+1, one when its literal sets
		// no count or a negative one (default_retryer.go:57,134;
		// aws/request/request.go:267).
		field(awsV1Pkg, "Config", "MaxRetries", EffRetries).negDefault(),
		opt(awsV1Pkg, "Config", "WithMaxRetries", EffRetries, 0).negDefault(),
		opt(awsV1Pkg+"/client", "NoOpRetryer", "", EffOneAttempt, -1),
		opt(awsV1Pkg+"/client", "DefaultRetryer", "", EffOneAttempt, -1),
		field(awsV1Pkg+"/client", "DefaultRetryer", "NumMaxRetries", EffRetries).negOne(),
	)
	// go-redis v9.23.0 (clients.go has the loop). A UniversalClient is
	// read as the Client its options make: in cluster mode (several
	// Addrs) its count is MaxRedirects x MaxRetries, and -1 leaves the
	// cluster's 4, so the count read may be too low, never too high.
	for _, typ := range []string{"Options", "RingOptions", "FailoverOptions", "UniversalOptions"} {
		rows = append(rows, field(redisV9, typ, "MaxRetries", EffRetries).redisCount())
	}
	rows = append(rows,
		field(redisV9, "ClusterOptions", "MaxRedirects", EffRetries).redisCount(),
		field(redisV9, "ClusterOptions", "MaxRetries", EffInnerRetries))
	return rows
}()

// BoundOptions returns every bound-related option row (for tests and
// documentation).
func BoundOptions() []Option { return boundOptions }

var boundIndex = index(boundOptions, func(o *Option) Symbol { return o.Symbol })

// LookupBoundOption returns the bound-related row for a function, method
// or (with recv set to the struct type) field, or nil.
func LookupBoundOption(s Symbol) *Option { return boundIndex[s] }

// Named values with known attempt counts: retry.DefaultRetry (5 steps)
// and retry.DefaultBackoff (4 steps) of client-go v0.37.2.
var namedBounds = map[Symbol]int{
	{clientGoRt, "", "DefaultRetry"}:   5,
	{clientGoRt, "", "DefaultBackoff"}: 4,
}

// pointerTo are the functions that return a pointer to a copy of their
// one argument, how aws-sdk-go v1 sets an optional number:
// aws.Config{MaxRetries: aws.Int(0)} (v1.55.8 aws/convert_types.go:124,419).
var pointerTo = map[Symbol]bool{{awsV1Pkg, "", "Int"}: true, {awsV1Pkg, "", "Int64"}: true}

// PointerTo reports whether a call of s points to its argument's value.
func PointerTo(s Symbol) bool { return pointerTo[s] }

// NamedAttempts returns the attempt count of a catalogued package-level
// variable such as retry.DefaultRetry, by its symbol (Recv empty).
func NamedAttempts(s Symbol) (int, bool) {
	n, ok := namedBounds[s]
	return n, ok
}
