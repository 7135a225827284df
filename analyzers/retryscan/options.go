package retryscan

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// evalBound starts from a catalog row's defaults and applies the bound
// options found among the configuration nodes of a call. It also reports
// whether a retry policy option (gax.WithRetry, a failsafe-go retry
// policy) was seen.
func (s *scanner) evalBound(row *catalog.Retry, call *ast.CallExpr, nodes []ast.Node) (Bound, bool) {
	b := Bound{Attempts: row.Attempts, Time: row.TimeBound}
	if row.Ctx >= 0 && row.Ctx < len(call.Args) && !s.endless(call.Args[row.Ctx]) {
		b.Ctx = true
	}
	if i := row.TimeArg - 1; i >= 0 && i < len(call.Args) {
		// resource.Retry(5*time.Minute, f): the call's own argument.
		b.Time, b.Elapsed, b.ElapsedAt = true, ElapsedUnknown, call.Args[i]
		if n, ok := s.intConst(call.Args[i]); ok && n > 0 {
			b.Elapsed = time.Duration(n)
		}
	}
	explicit := false // an option set the attempt count
	// inner multiplies the count: the attempts of a layer inside each
	// attempt (EffInnerRetries), 1 when there is none.
	inner := 1
	sawPolicy := false
	noTime := false
	// A literal of a backoff whose zero MaxElapsedTime never stops
	// (&backoff.ExponentialBackOff{...}) removes the time limit unless a
	// limit is set anywhere in the configuration, in the literal or
	// later: the nodes are not in the order the code runs.
	var litNoTime ast.Node
	timeSet := false
	apply := func(o *catalog.Option, node ast.Node, val ast.Expr) {
		switch o.Effect {
		case catalog.EffAttempts, catalog.EffRetries:
			n, ok := s.intConst(val)
			if val == nil {
				ok = false
			}
			if ok && (n == 0 && o.ZeroDefault || n < 0 && o.NegDefault) {
				return // MaxAttempts = 0: the count stays as it is
			}
			attempts := catalog.AttemptsUnknown
			switch {
			case !ok:
			case n < 0 && o.NegOne:
				attempts = 1
			case n == 0 && o.ZeroUnbounded, n < 0 && o.NegUnbounded:
				attempts = catalog.AttemptsUnbounded
			case o.Effect == catalog.EffRetries && n >= 0:
				attempts = int(n) + 1
			case n > 0:
				attempts = int(n)
			}
			if !explicit || (attempts > 0 && (b.Attempts <= 0 || attempts < b.Attempts)) {
				b.Attempts = attempts
				b.CountParam, b.CountAdd = 0, 0
				if attempts == catalog.AttemptsUnknown && val != nil {
					b.CountParam = s.optionParam(node, val)
					if o.Effect == catalog.EffRetries {
						b.CountAdd = 1
					}
				}
			}
			explicit = true
			b.Evidence = node
		case catalog.EffUnbounded:
			b.Attempts, explicit, b.Evidence = catalog.AttemptsUnbounded, true, node
		case catalog.EffOneAttempt:
			if lit, ok := node.(*ast.CompositeLit); ok && s.setsCount(lit) {
				return // client.DefaultRetryer{NumMaxRetries: 5}: its field says
			}
			b.Attempts, explicit, b.Evidence = 1, true, node
		case catalog.EffCtx:
			if val == nil || !s.endless(val) {
				b.Ctx = true
			}
		case catalog.EffTimeLimit:
			n, ok := s.intConst(val)
			timeSet = timeSet || !ok || n > 0
			switch {
			case ok && n <= 0:
				noTime, b.Evidence = true, node
			case ok:
				b.Time, b.Elapsed, b.ElapsedAt = true, time.Duration(n), node
			default:
				b.Time, b.Elapsed, b.ElapsedAt = true, ElapsedUnknown, node
			}
		case catalog.EffNoTimeLimit:
			if lit, ok := node.(*ast.CompositeLit); ok {
				if s.litSeen(lit) {
					litNoTime = node
				}
				return
			}
			noTime, b.Evidence = true, node
		case catalog.EffRetryPolicy:
			sawPolicy = true
		case catalog.EffInnerRetries:
			n, ok := s.intConst(val)
			switch {
			case val == nil || !ok:
				inner, b.Evidence = catalog.AttemptsUnknown, node
			case n > 0:
				inner, b.Evidence = int(n)+1, node
			}
		}
	}
	anyOf := s.anyOfArgs(nodes)
	for _, n := range nodes {
		for _, it := range s.itemsOf(n) {
			if it.kind == ItemCall && !it.fact && inSpans(anyOf, it.node) {
				continue // RetryAny(RetryMaxRetries(3), ...): one alternative, no limit
			}
			if it.kind == ItemValue {
				// retry.DefaultRetry: a named policy with a known count.
				if a, ok := catalog.NamedAttempts(it.sym); ok && !explicit {
					b.Attempts, explicit, b.Evidence = a, true, it.node
				}
				continue
			}
			if o := s.boundOption(&it); o != nil {
				apply(o, it.node, it.value(o.Arg))
			}
		}
	}
	if gated := s.methodGated(nodes); gated != nil && b.Attempts != 1 {
		// rehttp.RetryHTTPMethods("GET"): a POST through it runs once
		b.Attempts, b.CountParam, b.CountAdd, b.Evidence = catalog.AttemptsUnknown, 0, 0, gated
	}
	if inner != 1 && b.Attempts > 0 {
		b.Attempts *= inner // unknown (0) times a count is unknown
		b.CountParam, b.CountAdd = 0, 0
	}
	if litNoTime != nil && !timeSet {
		noTime, b.Evidence = true, litNoTime
	}
	if noTime {
		b.Time, b.Elapsed, b.ElapsedAt = false, 0, nil
		if !explicit && b.Attempts == catalog.AttemptsUnknown {
			b.Attempts = catalog.AttemptsUnbounded
		}
	}
	return b, sawPolicy
}

// anyOfArgs returns the argument lists of the calls among nodes whose
// arguments are alternatives (catalog.AnyOf: rehttp.RetryAny), as
// [Lparen, Rparen] spans: an option written in one of them configures
// one way to go on retrying, and limits nothing.
func (s *scanner) anyOfArgs(nodes []ast.Node) [][2]token.Pos {
	var out [][2]token.Pos
	for _, n := range nodes {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			continue
		}
		if fn := s.calleeOf(call); fn != nil && catalog.AnyOf(catalog.SymbolOf(fn)) {
			out = append(out, [2]token.Pos{call.Lparen, call.Rparen})
		}
	}
	return out
}

// methodGated returns the call among nodes of a condition that retries
// some HTTP methods only (catalog.MethodGated), or nil.
func (s *scanner) methodGated(nodes []ast.Node) ast.Node {
	for _, n := range nodes {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn := s.calleeOf(call); fn != nil && catalog.MethodGated(catalog.SymbolOf(fn)) {
				return call
			}
		}
	}
	return nil
}

// inSpans reports whether n lies inside one of the spans.
func inSpans(spans [][2]token.Pos, n ast.Node) bool {
	for _, sp := range spans {
		if sp[0] < n.Pos() && n.End() <= sp[1] {
			return true
		}
	}
	return false
}

// fieldOption returns the bound row of a struct field (Recv the struct
// type), including the RetryMaxAttempts field every aws-sdk-go-v2
// service Options has.
func fieldOption(sym catalog.Symbol) *catalog.Option {
	if sym.Name == "RetryMaxAttempts" && (sym.Pkg == "github.com/aws/aws-sdk-go-v2/aws" || strings.HasPrefix(sym.Pkg, "github.com/aws/aws-sdk-go-v2/service/")) {
		return &awsMaxAttempts
	}
	o := catalog.LookupBoundOption(sym)
	if o == nil || !o.Field {
		return nil
	}
	return o
}

// setsCount reports a literal that sets a count field of its type: a
// type whose zero count makes one attempt (aws-sdk-go v1's
// client.DefaultRetryer{} never retries) makes what the field says.
func (s *scanner) setsCount(lit *ast.CompositeLit) bool {
	typ := namedOf(s.info.TypeOf(lit))
	if typ == nil {
		return false
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		o := fieldOption(catalog.Symbol{Pkg: analysisutil.PkgPath(typ.Obj()), Recv: typ.Obj().Name(), Name: key.Name})
		if o != nil && (o.Effect == catalog.EffAttempts || o.Effect == catalog.EffRetries) {
			return true
		}
	}
	return false
}

// awsMaxAttempts: RetryMaxAttempts 0 leaves the retryer's count (the
// service's finalizeRetryMaxAttempts wraps it only when it is not 0).
var awsMaxAttempts = catalog.Option{Effect: catalog.EffAttempts, Arg: -1, Field: true, ZeroDefault: true}

// retriesOffInPackage reports whether the package turns a client's
// internal retries off somewhere the recognizer cannot connect to the
// call (a client kept in a struct field, built in a constructor). When it
// does, calls whose client configuration is not visible are not counted
// as retrying: precision over recall.
func (s *scanner) retriesOffInPackage(row *catalog.Retry) bool {
	return s.offByPkg.get()[family(row.Pkg)]
}

// retriesOff works out, once, the library families whose retries the
// package turns off somewhere.
func (s *scanner) retriesOff() map[string]bool {
	off := map[string]bool{}
	for _, f := range s.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			var nodes []ast.Node
			if call, ok := n.(*ast.CallExpr); ok {
				if fn := s.calleeOf(call); fn != nil && catalog.LookupAWSOperation(fn) != nil {
					return false // per-call options configure that call only
				}
			}
			switch n := n.(type) {
			case *ast.CallExpr, *ast.CompositeLit, *ast.AssignStmt:
				nodes = []ast.Node{n}
			default:
				return true
			}
			if b, _ := s.evalBound(&catalog.Retry{Attempts: catalog.AttemptsUnknown, Ctx: -1}, &ast.CallExpr{}, nodes); b.Attempts == 1 {
				off[s.familyOf(b.Evidence)] = true
			}
			return true
		})
	}
	return off
}

// familyOf names the library family an option belongs to.
func (s *scanner) familyOf(n ast.Node) string {
	var obj types.Object
	switch n := n.(type) {
	case *ast.CallExpr:
		if fn := s.calleeOf(n); fn != nil {
			obj = fn // never a nil *types.Func in the interface
		}
	case *ast.CompositeLit:
		if t := namedOf(s.info.TypeOf(n)); t != nil {
			obj = t.Obj()
		}
	case *ast.KeyValueExpr:
		if id, ok := n.Key.(*ast.Ident); ok {
			obj = s.info.ObjectOf(id)
		}
	case *ast.AssignStmt:
		if sel, ok := ast.Unparen(n.Lhs[0]).(*ast.SelectorExpr); ok {
			obj = s.info.ObjectOf(sel.Sel)
		}
	}
	return family(analysisutil.PkgPath(obj))
}

// family maps a package path to the library whose retries it configures.
func family(pkg string) string {
	switch {
	case strings.HasPrefix(pkg, "github.com/aws/aws-sdk-go-v2"):
		return "aws"
	case strings.HasPrefix(pkg, "github.com/aws/aws-sdk-go/"):
		return "aws-sdk-go" // v1: its own clients, turned off by its own config
	case strings.HasPrefix(pkg, "github.com/hashicorp/go-retryablehttp"):
		return "retryablehttp"
	}
	return pkg
}

func namedOf(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	if n != nil {
		n = n.Origin()
	}
	return n
}
