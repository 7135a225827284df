package retrybudget

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// A retry load budget caps retries at a share of the calls that succeed
// (internal/catalog/loadbudget.go has the arithmetic). Where it is
// visibly missing or switched off, an outage of the dependency is met
// with A times its usual traffic:
//
//	grpc.WithDefaultServiceConfig(`{"methodConfig": [{... "retryPolicy": {"maxAttempts": 4, ...}}]}`)  // no retryThrottling
//	retry.NewStandard(func(o *retry.StandardOptions) { o.RateLimiter = ratelimit.None })
//
// The recognizer finds both (retryscan's loadbudget.go, which also gives
// `retrylint report` each site's budget): the service config is a
// constant string handed to grpc.WithDefaultServiceConfig (one from a
// file or a flag is not seen, one dialed with grpc.WithDisableRetry()
// retries nothing and is left out), the rate limiter the package variable
// ratelimit.None given to a StandardOptions' RateLimiter, or a limiter
// whose GetToken never refuses (retryscan's noplimiter.go). The AWS one is
// reported only in a package that serves requests (serves), where each
// request served is a call that can be retried: a command or a batch job
// that turns the bucket off so that its own work finishes is one client,
// not a fleet.

const throttlingFix = `add "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}, which stops retries once about 9% of calls fail`

// serviceConfigs reports the package's gRPC service configs and, with
// -load-budget, its AWS retryers whose token bucket is off.
func (c *checker) serviceConfigs() {
	for _, sc := range c.res.ServiceConfigs() {
		c.at.At(sc.Call.Pos())
		c.serviceConfig(sc.Call.Args[0], sc.Config)
	}
	if !c.cfg.LoadBudget {
		return
	}
	for _, off := range c.res.BucketsOff() {
		c.at.At(off.Expr.Pos())
		c.reportAWS(off)
	}
	c.bucketsOffAcross()
}

// serviceConfig reports a constant gRPC service config whose retryPolicy
// has no retryThrottling (load-budget), and a method config whose timeout
// covers all its attempts (attempt-uses-budget).
func (c *checker) serviceConfig(arg ast.Expr, sc catalog.ServiceConfig) {
	if len(sc.Methods) == 0 {
		return
	}
	if sc.Throttling == nil && c.cfg.LoadBudget {
		a := sc.MaxAttempts()
		c.rep.Report(analysis.Diagnostic{
			Pos: arg.Pos(), End: arg.End(), Category: CategoryLoadBudget,
			Message: fmt.Sprintf("service config retries up to %d attempts per call with no retryThrottling: in an outage every call is sent %d times, %dx the load on a service that is already failing; %s",
				a, a, a, throttlingFix),
		})
	}
	if !c.cfg.NoAttemptTimeout {
		return
	}
	for _, m := range sc.Methods {
		if m.Timeout > 0 {
			c.rep.Report(analysis.Diagnostic{
				Pos: arg.Pos(), End: arg.End(), Category: CategoryAttemptUsesBudget,
				Message: fmt.Sprintf("service config gives a method a %s timeout for all of its %d attempts, and grpc-go has no per-attempt timeout: a first attempt that hangs uses the whole %s and no retry runs; %s",
					m.Timeout, m.Attempts, m.Timeout, grpcAttemptFix),
			})
			return
		}
	}
}

// grpcAttemptFix is the way to bound a gRPC attempt: grpc-go's own
// retries run inside the call, below every interceptor, on the call's
// one deadline; an interceptor that retries gives each attempt its own.
const grpcAttemptFix = "retry in go-grpc-middleware's retry interceptor with retry.WithPerRetryTimeout instead of the service config's retryPolicy"

// reportAWS reports a retryer with its token bucket switched off, in a
// package that serves requests.
func (c *checker) reportAWS(off retryscan.BucketOff) {
	if !c.serves() {
		return
	}
	what := "ratelimit.None turns off the retry token bucket"
	if off.Limiter != nil {
		what = types.TypeString(off.Limiter.Type(), types.RelativeTo(c.pass.Pkg)) + " turns off the retry token bucket (its GetToken never refuses)"
	}
	c.reportAWSAt(off.Expr, what, off.Attempts)
}

// reportAWSAt reports what turns a token bucket off (what), at at.
func (c *checker) reportAWSAt(at ast.Expr, what string, attempts int) {
	times := fmt.Sprintf("MaxAttempts times (%d by default)", catalog.AWSDefaultTries)
	if attempts > 0 {
		times = fmt.Sprintf("%d times, %dx the load", attempts, attempts)
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: at.Pos(), End: at.End(), Category: CategoryLoadBudget,
		Message: fmt.Sprintf("%s of a client in code that serves requests: in an outage every call is sent %s, on a service that is already failing; keep the default bucket (%d tokens, %d per retry: retries stop after about %d have failed), or a larger ratelimit.NewTokenRateLimit",
			what, times, catalog.AWSRetryTokens, catalog.AWSRetryCost, catalog.AWSRetryTokens/catalog.AWSRetryCost),
	})
}

// serves reports whether the package serves requests: it has an HTTP
// handler or a gRPC service method, or starts a server (http.Server's
// ListenAndServe, grpc.NewServer, lambda.Start).
func (c *checker) serves() bool {
	if c.serving != nil {
		return *c.serving
	}
	found := false
	analysisutil.EachGRPCMethod(c.pass.Pkg, c.pass.TypesInfo, c.pass.Files, func(_, _ *types.Func) { found = true })
	for _, f := range c.pass.Files {
		if found {
			break
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if fn, ok := c.pass.TypesInfo.Defs[n.Name].(*types.Func); ok && analysisutil.IsHandler(fn.Type().(*types.Signature)) {
					found = true
				}
			case *ast.FuncLit:
				if sig, ok := c.pass.TypesInfo.TypeOf(n).(*types.Signature); ok && analysisutil.IsHandler(sig) {
					found = true
				}
			case *ast.CallExpr:
				found = catalog.Serves(analysisutil.Callee(c.pass.TypesInfo, n))
			}
			return !found
		})
	}
	c.serving = &found
	return found
}
