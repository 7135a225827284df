package catalog

import (
	"encoding/json"
	"go/types"
	"strconv"
	"strings"
	"time"
)

// Load budgets: what keeps a retry from multiplying the load on a
// dependency that is already failing. With A attempts per call, a full
// outage sends A times the traffic; a budget caps the retries at a share
// of the calls that succeed, so the outage adds that share at most.
//
// gRPC (grpc v1.85.0, service_config.go, clientconn.go retryThrottler):
// a service config's retryThrottling {maxTokens M, tokenRatio r} starts
// with M tokens; a failed attempt takes one, a successful call gives r
// back, and no retry runs while M/2 tokens or fewer are left. A full
// outage stops retries after M/2 failures; retries go on only while fewer
// than about r/(1+r) of the calls fail (r = 0.1: about 9%).
//
//	grpc.WithDefaultServiceConfig(`{"methodConfig": [{"name": [{}],
//	  "retryPolicy": {"maxAttempts": 4, ...}}],
//	  "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}}`)
//
// aws-sdk-go-v2 (v1.48.0, aws/retry/standard.go): the standard retryer's
// RateLimiter is a token bucket of 500 tokens; a retry costs 14 (5 on a
// throttling error), a first attempt that succeeds gives 1 back, and a
// retry that finds the bucket empty is not made. A full outage stops
// retries after about 35; sustained retries are at most one per 14
// successful calls (about 7%). ratelimit.None turns the bucket off:
//
//	retry.NewStandard(func(o *retry.StandardOptions) { o.RateLimiter = ratelimit.None })

// The aws-sdk-go-v2 retry token bucket's defaults.
const (
	AWSRetryTokens  = 500
	AWSRetryCost    = 14
	AWSDefaultTries = 3
	awsRateLimit    = "github.com/aws/aws-sdk-go-v2/aws/ratelimit"
	grpcMaxAttempts = 5 // grpc-go caps retryPolicy.maxAttempts at 5
)

// IsAWSNoRateLimit reports whether obj is aws-sdk-go-v2's ratelimit.None,
// the rate limiter that turns the retry token bucket off.
func IsAWSNoRateLimit(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope() && (Symbol{Pkg: v.Pkg().Path(), Name: v.Name()}) == AWSNoRateLimit
}

// AWSRetryField names a field of aws-sdk-go-v2's retry.StandardOptions
// the load budget reads: "RateLimiter", "MaxAttempts"; "" for others.
func AWSRetryField(recv types.Type, name string) string {
	n := namedType(recv)
	if n == nil || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != awsRetry || n.Obj().Name() != "StandardOptions" {
		return ""
	}
	switch name {
	case "RateLimiter", "MaxAttempts":
		return name
	}
	return ""
}

func namedType(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// IsGRPCServiceConfig reports whether fn is grpc.WithDefaultServiceConfig,
// whose one argument is the channel's service config.
// It is the class hook row retryclass reads the config's codes by.
func IsGRPCServiceConfig(fn *types.Func) bool {
	h := LookupClassHook(fn)
	return h != nil && h.Hook == HookServiceConfig
}

// ServiceConfig is what a gRPC service config says about retries.
type ServiceConfig struct {
	// Methods are the method configs with a valid retryPolicy.
	Methods []MethodRetry
	// Throttling is the retryThrottling, nil when there is none.
	Throttling *RetryThrottling
	// names are the names of every method config, with or without a
	// retryPolicy (svcmethod.go).
	names []methodName
}

// MethodRetry is one method config's retry: its attempts (maxAttempts,
// at most 5) and its timeout, the deadline of every call of the method
// and of all its attempts together (0: none).
type MethodRetry struct {
	Attempts int
	Timeout  time.Duration
	// Codes are the retryableStatusCodes written as names
	// ("UNAVAILABLE"); codes written as numbers are left out.
	Codes []string
}

// RetryThrottling is a service config's retry budget.
type RetryThrottling struct {
	MaxTokens, TokenRatio float64
}

// ParseServiceConfig reads the retries of a gRPC service config. ok is
// false when the text is not JSON of the service config's shape (grpc
// then rejects it, and no retry runs).
func ParseServiceConfig(text string) (sc ServiceConfig, ok bool) {
	var raw struct {
		MethodConfig []struct {
			Name        []jsonName `json:"name"`
			Timeout     *string    `json:"timeout"`
			RetryPolicy *struct {
				MaxAttempts int               `json:"maxAttempts"`
				Codes       []json.RawMessage `json:"retryableStatusCodes"`
			} `json:"retryPolicy"`
		} `json:"methodConfig"`
		RetryThrottling *RetryThrottling `json:"retryThrottling"`
	}
	if json.Unmarshal([]byte(text), &raw) != nil {
		return sc, false
	}
	for _, mc := range raw.MethodConfig {
		attempts := 1
		if mc.RetryPolicy != nil && mc.RetryPolicy.MaxAttempts > 1 {
			attempts = mc.RetryPolicy.MaxAttempts
		}
		sc.names = appendNames(sc.names, mc.Name, attempts)
		if attempts == 1 {
			continue // no retryPolicy; grpc rejects maxAttempts <= 1
		}
		m := MethodRetry{Attempts: min(mc.RetryPolicy.MaxAttempts, grpcMaxAttempts)}
		for _, raw := range mc.RetryPolicy.Codes {
			var name string
			if json.Unmarshal(raw, &name) == nil {
				m.Codes = append(m.Codes, name)
			}
		}
		if mc.Timeout != nil {
			d, ok := protoDuration(*mc.Timeout)
			if !ok {
				return ServiceConfig{}, false
			}
			m.Timeout = d
		}
		sc.Methods = append(sc.Methods, m)
	}
	if t := raw.RetryThrottling; t != nil && (t.MaxTokens <= 0 || t.MaxTokens > 1000 || t.TokenRatio <= 0) {
		return ServiceConfig{}, false // grpc: "invalid retry throttling config"
	}
	sc.Throttling = raw.RetryThrottling
	return sc, true
}

// protoDuration parses a service config duration: seconds with an "s"
// and up to nine decimals ("1.5s").
func protoDuration(s string) (time.Duration, bool) {
	num, ok := strings.CutSuffix(s, "s")
	if !ok || num == "" || strings.HasPrefix(num, "-") {
		return 0, false
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f > float64(1<<62)/float64(time.Second) {
		return 0, false
	}
	return time.Duration(f * float64(time.Second)), true
}

// MaxAttempts is the largest attempt count of the config's retry
// policies, 0 when it has none.
func (sc ServiceConfig) MaxAttempts() int {
	n := 0
	for _, m := range sc.Methods {
		n = max(n, m.Attempts)
	}
	return n
}

// Serving is a call that makes a process serve requests: an HTTP server,
// a gRPC server, an AWS Lambda handler.
var serving = map[Symbol]bool{
	{"net/http", "", "ListenAndServe"}:                              true,
	{"net/http", "", "ListenAndServeTLS"}:                           true,
	{"net/http", "", "Serve"}:                                       true,
	{"net/http", "", "ServeTLS"}:                                    true,
	{"net/http", "Server", "ListenAndServe"}:                        true,
	{"net/http", "Server", "ListenAndServeTLS"}:                     true,
	{"net/http", "Server", "Serve"}:                                 true,
	{"net/http", "Server", "ServeTLS"}:                              true,
	{grpcPkg, "", "NewServer"}:                                      true,
	{"github.com/aws/aws-lambda-go/lambda", "", "Start"}:            true,
	{"github.com/aws/aws-lambda-go/lambda", "", "StartWithOptions"}: true,
	{"github.com/aws/aws-lambda-go/lambda", "", "StartHandler"}:     true,
}

// Serves reports whether a call of fn starts serving requests.
func Serves(fn *types.Func) bool {
	return fn != nil && serving[SymbolOf(fn)]
}
