package retryscan

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// A retry load budget caps retries at a share of the calls that succeed,
// so an outage of the dependency adds that share of load at most instead
// of A times the traffic for A attempts (internal/catalog/loadbudget.go
// has the arithmetic, loadbudgetrows.go what each mechanism offers). The
// recognizer says what each site's budget is (Site.LoadBudget) and where
// the package writes the two settings retrybudget judges
// (Result.ServiceConfigs, Result.BucketsOff); the report and retrybudget
// ask here, so one place reads them.
//
//	grpc.WithDefaultServiceConfig(`{... "retryThrottling": {"maxTokens": 10, "tokenRatio": 0.1}}`) // budget: at most 9% more load
//	sqs.NewFromConfig(cfg, func(o *sqs.Options) {
//		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) { so.RateLimiter = ratelimit.None }) // off
//	})
//	for i := 0; i < 3; i++ { ... }                                                                   // none
//
// What is not seen is unknown, never a library's default: an AWS client
// whose aws.Config comes from another function, a library option that
// may be set where the code does not show it, a user wrapper.

// ServiceConfigAt is a constant gRPC service config handed to
// grpc.WithDefaultServiceConfig.
type ServiceConfigAt struct {
	Call   *ast.CallExpr // the grpc.WithDefaultServiceConfig call
	Config catalog.ServiceConfig
}

// BucketOff is aws-sdk-go-v2's ratelimit.None, or a limiter that never
// refuses a token (noplimiter.go), given to a standard retryer's
// RateLimiter: its token bucket is off.
type BucketOff struct {
	Expr ast.Expr // ratelimit.None, nopLimiter{}
	// Limiter is the type of a limiter that never refuses a token, nil
	// for ratelimit.None.
	Limiter *types.TypeName
	// Attempts is the constant MaxAttempts the same StandardOptions (the
	// literal, the option function) is given, 0 when it is not set there
	// or not to a constant.
	Attempts int
}

// budgetScan is what the package writes about load budgets.
type budgetScan struct {
	configs []ServiceConfigAt
	off     []BucketOff
}

// ServiceConfigs returns the package's constant gRPC service configs
// that grpc accepts (JSON of the service config's shape), in source
// order, test files included; a config dialed with grpc.WithDisableRetry()
// in the same option list is left out (it retries nothing).
func (r *Result) ServiceConfigs() []ServiceConfigAt { return r.budgets.get().configs }

// BucketsOff returns where the package turns an AWS retry token bucket
// off, in source order, test files included.
func (r *Result) BucketsOff() []BucketOff { return r.budgets.get().off }

// LoadBudget returns the site's load budget.
func (s *Site) LoadBudget() catalog.LoadBudget {
	if s.budget == nil {
		return catalog.LoadBudget{Why: "not worked out for this site"}
	}
	return s.budget.get()
}

func (s *scanner) deferBudgets() *lazy[budgetScan] {
	return &lazy[budgetScan]{compute: func() budgetScan {
		return budgetScan{configs: s.serviceConfigs(), off: s.bucketsOff()}
	}}
}

func (s *scanner) deferBudget(site *Site) *lazy[catalog.LoadBudget] {
	return &lazy[catalog.LoadBudget]{compute: func() catalog.LoadBudget { return s.loadBudget(site) }}
}

// serviceConfigs returns the package's service configs.
func (s *scanner) serviceConfigs() []ServiceConfigAt { return s.svcConfigs.get() }

// readServiceConfigs reads the package's service configs, once.
func (s *scanner) readServiceConfigs() []ServiceConfigAt {
	var out []ServiceConfigAt
	if !analysisutil.Imports(s.pass.Pkg, grpcPkg) {
		return nil
	}
	off := catalog.ServiceConfigsOff(s.info, s.pass.Files) // dialed with grpc.WithDisableRetry(): no retries
	for _, f := range s.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 || off[call] || !catalog.IsGRPCServiceConfig(s.calleeOf(call)) {
				return true
			}
			tv, ok := s.info.Types[call.Args[0]]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				return true
			}
			// A config grpc rejects (not JSON of its shape) retries nothing.
			if sc, ok := catalog.ParseServiceConfig(constant.StringVal(tv.Value)); ok {
				out = append(out, ServiceConfigAt{Call: call, Config: sc})
			}
			return true
		})
	}
	return out
}

// loadBudget works out a site's load budget.
func (s *scanner) loadBudget(site *Site) catalog.LoadBudget {
	switch site.kind {
	case KindLoop:
		if w := s.limiterIn(site); w != "" {
			return catalog.LoadBudget{Kind: catalog.BudgetLimiter, What: w + " in the attempt"}
		}
		return catalog.LoadBudget{Kind: catalog.BudgetNone, What: "hand-written loop"}
	case KindWrapper:
		return catalog.LoadBudget{Why: "the retry inside " + site.name + " is not followed for its budget"}
	case KindRetrier:
		return catalog.LoadBudget{Why: "the retries inside " + site.name + " have budgets of their own, at their sites"}
	}
	if site.transport != nil {
		// A hand-written transport: its RoundTrip's retry is a site of
		// its own, judged where it is written.
		return catalog.LoadBudget{Why: "the retries inside " + site.name + " have budgets of their own, at their sites"}
	}
	if site.grpc != nil {
		return site.grpc.budget()
	}
	pkg := ""
	if site.entry != nil {
		pkg = site.entry.Pkg
	}
	if site.entry != nil && site.entry.Display == standardClientRow {
		pkg = standardClient.Pkg
	}
	if strings.HasPrefix(pkg, awsSDK+"/service/") {
		return s.awsBudget(site)
	}
	lib, ok := catalog.LookupLibraryBudget(pkg)
	if !ok {
		return catalog.LoadBudget{Why: "the catalog does not say whether " + site.name + " has a retry budget"}
	}
	if lib.Option.Name == "" {
		return catalog.LoadBudget{Kind: lib.Kind}
	}
	for _, it := range s.siteItems(site) {
		if lib.IsBudgetOption(it.sym) {
			return catalog.LoadBudget{Kind: lib.Kind, What: lib.What}
		}
	}
	return catalog.LoadBudget{Why: fmt.Sprintf("%s offers %s, which this retry's configuration does not show", site.name, lib.What)}
}

const (
	awsSDK = "github.com/aws/aws-sdk-go-v2"
	// standardClientRow names the row of an *http.Client from
	// retryablehttp's StandardClient (library.go), which has no symbol.
	standardClientRow = "retryablehttp.Client.StandardClient"
)

// siteItems are the items of a library or client site's configuration;
// a resty request's are its client's.
func (s *scanner) siteItems(site *Site) []cfgItem {
	nodes := site.config
	if nodes == nil && site.kind == KindClient {
		if call, ok := site.node.(*ast.CallExpr); ok {
			nodes = s.configNodes(site.fn, s.receiver(call))
		}
	}
	var out []cfgItem
	for _, n := range nodes {
		out = append(out, s.itemsOf(n)...)
	}
	return out
}

// limiterIn names the rate limiter wait a loop's attempt body runs
// ("rate.Limiter.Wait"), or "".
func (s *scanner) limiterIn(site *Site) string {
	found := ""
	if site.body == nil {
		return ""
	}
	ast.Inspect(site.body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && found == "" {
			if fn := s.calleeOf(call); fn != nil && catalog.IsRateLimiterWait(catalog.SymbolOf(fn)) {
				found = "rate.Limiter." + fn.Name()
			}
		}
		return found == ""
	})
	return found
}

// budget is the load budget of a gRPC call's retries: the
// retryThrottling of the service configs that retry it, on every channel
// the call may be made on. go-grpc-middleware's retry interceptor has
// none: its attempts are calls of their own, which grpc's throttle does
// not stop.
func (r *grpcRetry) budget() catalog.LoadBudget {
	if r.interceptor {
		if r.policy {
			return catalog.LoadBudget{Why: "a retry interceptor repeats calls that the service config retries again, which is not worked out"}
		}
		what := "go-grpc-middleware retry interceptor"
		if !r.middleware {
			what = "retry interceptor " + strings.Join(r.handmade.names, ", ")
		}
		return catalog.LoadBudget{Kind: catalog.BudgetNone, What: what}
	}
	with, without := 0, 0
	var best *catalog.RetryThrottling
	for _, c := range r.configs {
		if t := c.Throttling; t != nil {
			with++
			if best == nil || t.Share() > best.Share() {
				best = t
			}
		} else {
			without++
		}
	}
	switch {
	case with > 0 && without == 0:
		return best.GRPCBudget()
	case without > 0 && with == 0:
		return catalog.LoadBudget{Kind: catalog.BudgetNone, What: "service config without retryThrottling"}
	}
	return catalog.LoadBudget{Why: fmt.Sprintf("the call may be made on %d channels whose service configs retry it, %d of them with retryThrottling", with+without, with)}
}
