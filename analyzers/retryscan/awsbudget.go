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

// The load budget of aws-sdk-go-v2 clients (loadbudget.go has the
// rest): the standard retryer's token bucket, where the package turns it
// off, and what a client's configuration shows of it.

// bucketsOff finds ratelimit.None, or a limiter that never refuses a
// token (noplimiter.go), given to a StandardOptions' RateLimiter, in a
// literal or in the option function handed to retry.NewStandard:
//
//	retry.StandardOptions{RateLimiter: ratelimit.None}
//	retry.NewStandard(func(o *retry.StandardOptions) { o.MaxAttempts = 5; o.RateLimiter = nopLimiter{} })
func (s *scanner) bucketsOff() []BucketOff {
	if !analysisutil.Imports(s.pass.Pkg, catalog.AWSNoRateLimit.Pkg) && !analysisutil.Imports(s.pass.Pkg, catalog.AWSNewStandard.Pkg) {
		return nil // a limiter of the package's own needs no ratelimit import
	}
	var out []BucketOff
	for _, f := range s.pass.Files {
		var fns []ast.Node // per open node, the innermost function holding it
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				fns = fns[:len(fns)-1]
				return true
			}
			var fn ast.Node
			if len(fns) > 0 {
				fn = fns[len(fns)-1]
			}
			switch n := n.(type) {
			case *ast.CompositeLit:
				if v := s.bucketField(n, "RateLimiter"); v != nil {
					if off, ok := s.offLimiter(v); ok {
						off.Attempts = s.maxAttemptsIn(n)
						out = append(out, off)
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if i < len(n.Rhs) && s.setsBucketField(l, "RateLimiter") {
						if off, ok := s.offLimiter(n.Rhs[i]); ok {
							off.Attempts = s.maxAttemptsIn(fn)
							out = append(out, off)
						}
					}
				}
			case *ast.FuncDecl, *ast.FuncLit:
				fn = n
			}
			fns = append(fns, fn)
			return true
		})
	}
	return out
}

// bucketField returns the value a StandardOptions literal gives field.
func (s *scanner) bucketField(lit *ast.CompositeLit, field string) ast.Expr {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); ok && catalog.AWSRetryField(s.info.TypeOf(lit), key.Name) == field {
			return kv.Value
		}
	}
	return nil
}

// setsBucketField reports whether l is the field of a StandardOptions.
func (s *scanner) setsBucketField(l ast.Expr, field string) bool {
	sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
	return ok && catalog.AWSRetryField(s.info.TypeOf(sel.X), sel.Sel.Name) == field
}

// offLimiter returns e, given to a RateLimiter, as a bucket turned off:
// ratelimit.None, or a limiter that never refuses a token.
func (s *scanner) offLimiter(e ast.Expr) (BucketOff, bool) {
	if catalog.IsAWSNoRateLimit(analysisutil.ObjectOf(s.info, e)) {
		return BucketOff{Expr: e}, true
	}
	if t := s.nopLimiter(e); t != nil {
		return BucketOff{Expr: e, Limiter: t}, true
	}
	return BucketOff{}, false
}

// maxAttemptsIn returns the constant MaxAttempts a StandardOptions is
// given in n (a literal, the option function), 0 when it is not set there
// or not to a constant (retry.AddWithMaxAttempts and the config's
// RetryMaxAttempts may set it elsewhere). The field is read as the
// bound of any retry is (evalBound): MaxAttempts = 0 is the default.
func (s *scanner) maxAttemptsIn(n ast.Node) int {
	if n == nil {
		return 0
	}
	var nodes []ast.Node
	ast.Inspect(n, func(m ast.Node) bool {
		switch m.(type) {
		case *ast.AssignStmt, *ast.CompositeLit:
			nodes = append(nodes, m)
		}
		return true
	})
	b, _ := s.evalBound(&catalog.Retry{Attempts: catalog.AttemptsUnknown, Ctx: -1}, &ast.CallExpr{}, nodes)
	return max(b.Attempts, 0)
}

// awsBudget is the budget of an aws-sdk-go-v2 operation: the standard
// retryer's token bucket, on unless the configuration turns it off. The
// configuration must show where the retryer comes from: a standard
// retryer set on the client or the call, or a client built here from
// Options or from an aws.Config the code shows (config.LoadDefaultConfig,
// a literal).
//
//	cfg, err := config.LoadDefaultConfig(ctx)
//	client := sqs.NewFromConfig(cfg)          // the default bucket
func (s *scanner) awsBudget(site *Site) catalog.LoadBudget {
	var a awsRetryer
	items := s.siteItems(site)
	followed := map[ast.Node]bool{}
	for i := 0; i < len(items); i++ {
		it := items[i]
		if it.kind == ItemCall && !it.fact && it.sym.Pkg == site.entry.Pkg && it.sym.Name == "NewFromConfig" && len(it.vals) > 0 && !followed[it.node] {
			followed[it.node] = true
			// The aws.Config the client is built from, one step back:
			// the value, or what a local variable is assigned.
			fn := s.funcOf(it.node)
			for _, e := range append(s.assignedIn(fn, it.vals[0]), it.vals[0]) {
				for _, n := range s.configNodes(fn, e) {
					items = append(items, s.itemsOf(n)...)
				}
			}
		}
		if off := a.read(s, site, &it); off {
			return catalog.LoadBudget{Kind: catalog.BudgetOff, What: "ratelimit.None"}
		}
	}
	switch {
	case a.custom:
		return catalog.LoadBudget{Why: "the client is given a retryer of its own, whose budget is not read"}
	case a.limiter != nil:
		return s.awsLimiter(a.limiter)
	case a.cost:
		return catalog.LoadBudget{Kind: catalog.BudgetOn, What: "retry token bucket with its costs changed"}
	case a.standard || a.built && a.cfgSeen:
		return catalog.AWSBudget(catalog.AWSRetryTokens, true)
	}
	return catalog.LoadBudget{Why: "the client's aws.Config comes from elsewhere, so its retryer's token bucket (on by default) is not seen"}
}

// assignedIn returns what a local variable e is assigned in fn, by
// assignment or var declaration (analysisutil.EachAssign):
//
//	cfg, err := config.LoadDefaultConfig(ctx) // config.LoadDefaultConfig(ctx)
func (s *scanner) assignedIn(fn ast.Node, e ast.Expr) []ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	v, _ := s.info.Uses[id].(*types.Var)
	if !ok || v == nil || fn == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	var out []ast.Expr
	analysisutil.EachAssign(fn, func(lhs, rhs []ast.Expr) {
		for i, l := range lhs {
			if lid, ok := l.(*ast.Ident); ok && (s.info.Defs[lid] == v || s.info.Uses[lid] == v) {
				switch {
				case len(rhs) == len(lhs):
					out = append(out, rhs[i])
				case len(rhs) == 1: // cfg, err := f()
					out = append(out, rhs[0])
				}
			}
		}
	})
	return out
}

// awsRetryer is what an AWS client's configuration shows of its retryer.
type awsRetryer struct {
	standard, custom, built, cfgSeen, cost bool
	limiter                                ast.Expr
}

// read notes one item; it returns true for ratelimit.None.
func (a *awsRetryer) read(s *scanner, site *Site, it *cfgItem) bool {
	switch {
	case it.kind == ItemValue && it.sym == catalog.AWSNoRateLimit:
		return true
	case it.kind == ItemField && catalog.AWSBucketField(it.sym) == "RateLimiter":
		a.limiter = it.value(0)
	case it.kind == ItemField && catalog.AWSBucketField(it.sym) == "cost":
		a.cost = true
	case it.kind == ItemField && it.sym.Name == "Retryer" && strings.HasPrefix(it.sym.Pkg, awsSDK),
		it.kind == ItemCall && it.sym == catalog.AWSWithRetryer:
		if v := it.value(0); v != nil && !it.fact && s.standardRetryer(v) {
			a.standard = true
		} else {
			a.custom = true
		}
	case it.kind == ItemCall && it.sym.Pkg == site.entry.Pkg && it.sym.Recv == "" && (it.sym.Name == "New" || it.sym.Name == "NewFromConfig"):
		a.built = true
		a.cfgSeen = a.cfgSeen || it.sym.Name == "New"
	case it.kind == ItemCall && it.sym == catalog.AWSLoadDefault,
		it.kind == ItemType && it.sym == catalog.Symbol{Pkg: awsSDK + "/aws", Recv: "Config"}:
		a.cfgSeen = true
	}
	return false
}

// standardRetryer reports whether e is a standard retryer, which has the
// token bucket: retry.NewStandard(...), retry.NewAdaptiveMode(...), the
// retry.AddWith... helpers around one, or the function config.WithRetryer
// takes returning one.
//
//	o.Retryer = retry.AddWithMaxAttempts(retry.NewStandard(), 5)
//	config.WithRetryer(func() aws.Retryer { return retry.NewStandard() })
func (s *scanner) standardRetryer(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		sym := catalog.SymbolOf(s.calleeOf(e))
		switch {
		case sym == catalog.AWSNewStandard || sym == catalog.AWSNewAdaptiveMode:
			return true
		case sym.Pkg == catalog.AWSNewStandard.Pkg && strings.HasPrefix(sym.Name, "AddWith") && len(e.Args) > 0:
			return s.standardRetryer(e.Args[0])
		}
	case *ast.FuncLit:
		if len(e.Body.List) == 1 {
			if ret, ok := e.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				return s.standardRetryer(ret.Results[0])
			}
		}
	}
	return false
}

// awsLimiter is the budget of a RateLimiter set to something other than
// ratelimit.None: a token bucket of a constant size is the same budget, a
// limiter that never refuses a token none.
//
//	so.RateLimiter = ratelimit.NewTokenRateLimit(2000)
func (s *scanner) awsLimiter(v ast.Expr) catalog.LoadBudget {
	if t := s.nopLimiter(v); t != nil {
		return catalog.LoadBudget{Kind: catalog.BudgetOff, What: types.TypeString(t.Type(), types.RelativeTo(s.pass.Pkg))}
	}
	call, ok := ast.Unparen(v).(*ast.CallExpr)
	if ok && len(call.Args) == 1 && catalog.SymbolOf(s.calleeOf(call)) == catalog.AWSTokenRateLimit {
		if tv, ok := s.info.Types[call.Args[0]]; ok && tv.Value != nil {
			if n, ok := constant.Int64Val(constant.ToInt(tv.Value)); ok && n > 0 && n < 1<<31 {
				return catalog.AWSBudget(int(n), false)
			}
		}
		return catalog.LoadBudget{Kind: catalog.BudgetOn, Share: 1.0 / catalog.AWSRetryCost, What: fmt.Sprintf("retry token bucket (%d per retry)", catalog.AWSRetryCost)}
	}
	return catalog.LoadBudget{Why: "the retryer's RateLimiter is a value the report does not read"}
}
