package retrybudget

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"

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
// Both are read on syntax: the service config is a constant string handed
// to grpc.WithDefaultServiceConfig (one from a file or a flag is not
// seen), the rate limiter the package variable ratelimit.None assigned to
// a StandardOptions' RateLimiter. The AWS one is reported only in a
// package that serves requests (serves), where each request served is a
// call that can be retried: a command or a batch job that turns the
// bucket off so that its own work finishes is one client, not a fleet.

const throttlingFix = `add "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}, which stops retries once about 9% of calls fail`

// serviceConfigs reports the package's gRPC service configs and, with
// -load-budget, its AWS retryers.
func (c *checker) serviceConfigs() {
	grpcPkg := analysisutil.Imports(c.pass.Pkg, "google.golang.org/grpc")
	awsPkg := c.cfg.LoadBudget && analysisutil.Imports(c.pass.Pkg, "github.com/aws/aws-sdk-go-v2/aws/ratelimit")
	if !grpcPkg && !awsPkg {
		return
	}
	var off map[*ast.CallExpr]bool // configs of a dial with grpc.WithDisableRetry()
	if grpcPkg {
		off = catalog.ServiceConfigsOff(c.pass.TypesInfo, c.pass.Files)
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if grpcPkg && len(n.Args) == 1 && !off[n] && catalog.IsGRPCServiceConfig(analysisutil.Callee(c.pass.TypesInfo, n)) {
					c.at.At(n.Pos())
					c.serviceConfig(n.Args[0])
				}
			case *ast.CompositeLit:
				if awsPkg {
					c.awsLiteral(n)
				}
			case *ast.AssignStmt:
				if awsPkg {
					c.awsAssign(n)
				}
			}
			return true
		})
	}
}

// serviceConfig reports a constant gRPC service config whose retryPolicy
// has no retryThrottling (load-budget), and a method config whose timeout
// covers all its attempts (attempt-uses-budget).
func (c *checker) serviceConfig(arg ast.Expr) {
	tv, ok := c.pass.TypesInfo.Types[arg]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return
	}
	sc, ok := catalog.ParseServiceConfig(constant.StringVal(tv.Value))
	if !ok || len(sc.Methods) == 0 {
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

// awsLiteral reports retry.StandardOptions{RateLimiter: ratelimit.None}.
func (c *checker) awsLiteral(lit *ast.CompositeLit) {
	t := c.pass.TypesInfo.TypeOf(lit)
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); ok && catalog.AWSRetryField(t, key.Name) == "RateLimiter" && c.isNoRateLimit(kv.Value) {
			c.reportAWS(kv.Value, c.attemptsIn(lit))
		}
	}
}

// awsAssign reports o.RateLimiter = ratelimit.None on a StandardOptions,
// in the option function handed to retry.NewStandard.
func (c *checker) awsAssign(as *ast.AssignStmt) {
	if len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, l := range as.Lhs {
		sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
		if !ok || catalog.AWSRetryField(c.pass.TypesInfo.TypeOf(sel.X), sel.Sel.Name) != "RateLimiter" || !c.isNoRateLimit(as.Rhs[i]) {
			continue
		}
		var attempts ast.Node
		if fd := c.funcDecl(as); fd != nil {
			attempts = funcAt(fd, as.Pos())
		}
		c.reportAWS(as.Rhs[i], c.attemptsIn(attempts))
	}
}

func (c *checker) isNoRateLimit(e ast.Expr) bool {
	return catalog.IsAWSNoRateLimit(analysisutil.ObjectOf(c.pass.TypesInfo, e))
}

// attemptsIn returns the constant MaxAttempts a StandardOptions is given
// in n (a literal, the option function), 0 when it is not set there or
// not to a constant (retry.AddWithMaxAttempts and the config's
// RetryMaxAttempts may set it elsewhere).
func (c *checker) attemptsIn(n ast.Node) int {
	attempts := 0
	set := func(e ast.Expr) {
		attempts, _ = c.intConst(e)
	}
	if lit, ok := n.(*ast.CompositeLit); ok {
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if key, ok := kv.Key.(*ast.Ident); ok && catalog.AWSRetryField(c.pass.TypesInfo.TypeOf(lit), key.Name) == "MaxAttempts" {
					set(kv.Value)
				}
			}
		}
		return attempts
	}
	if n == nil {
		return 0
	}
	ast.Inspect(n, func(m ast.Node) bool {
		if as, ok := m.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, l := range as.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && catalog.AWSRetryField(c.pass.TypesInfo.TypeOf(sel.X), sel.Sel.Name) == "MaxAttempts" {
					set(as.Rhs[i])
				}
			}
		}
		return true
	})
	return attempts
}

func (c *checker) intConst(e ast.Expr) (int, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	n, ok := constant.Int64Val(tv.Value)
	return int(n), ok && n > 0 && n < 1<<20
}

// reportAWS reports a retryer with its token bucket switched off, in a
// package that serves requests; attempts is 0 when MaxAttempts is not a
// constant.
func (c *checker) reportAWS(at ast.Expr, attempts int) {
	if !c.serves() {
		return
	}
	times := fmt.Sprintf("MaxAttempts times (%d by default)", catalog.AWSDefaultTries)
	if attempts > 0 {
		times = fmt.Sprintf("%d times, %dx the load", attempts, attempts)
	}
	c.rep.Report(analysis.Diagnostic{
		Pos: at.Pos(), End: at.End(), Category: CategoryLoadBudget,
		Message: fmt.Sprintf("ratelimit.None turns off the retry token bucket of a client in code that serves requests: in an outage every call is sent %s, on a service that is already failing; keep the default bucket (%d tokens, %d per retry: retries stop after about %d have failed), or a larger ratelimit.NewTokenRateLimit",
			times, catalog.AWSRetryTokens, catalog.AWSRetryCost, catalog.AWSRetryTokens/catalog.AWSRetryCost),
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
