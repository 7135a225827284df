package retryclass

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// permanent-code: a hand-rolled gRPC retry that goes round on codes that
// will not change. Either it retries every error of a gRPC call without
// looking at the code:
//
//	for i := 0; i < 5; i++ {
//		if _, err = orders.Get(ctx, req); err == nil {
//			return nil
//		}
//		time.Sleep(time.Second)   // NotFound goes round with Unavailable
//	}
//
// or it looks at the code and names a permanent one among those it
// retries:
//
//	switch status.Code(err) {
//	case codes.Unavailable, codes.NotFound:
//		continue
//	}
//
// The decision is evaluated once per permanent code as if the gRPC calls
// of the attempt failed with it. Code that looks at the code and does not
// name a permanent one among those it retries is quiet, as is a decision
// handed to code the analyzer does not read. A readiness probe's wait is
// judged on the codes it names alone (readiness.go).

func (c *checker) permanentCode(a *attempt) {
	call, name := c.grpcAttempt(a)
	if call == nil {
		return
	}
	probe := c.attemptProbe(a)
	codes := c.codesFor(probe)
	if len(codes) == 0 {
		return
	}
	looks := c.looksAtCode(a)
	if probe != nil && !looks {
		return // a wait for the server to come up, not a retry of a request
	}
	for _, code := range codes {
		v := a.verdict(scenario{grpc: true, code: int64(code.Value)})
		if v.opaque {
			return
		}
		if v.round == nil {
			continue
		}
		if !looks {
			c.rep.Report(analysisDiag(call, CategoryPermanentCode, fmt.Sprintf(
				"%s retries every error of the gRPC call %s without looking at status.Code(err): %s comes back the same on every attempt, so it costs %s; retry only codes.Unavailable (and ResourceExhausted with backoff)",
				a.site.Name(), name, c.codeExamples(), c.cost(a.site))))
			return
		}
		if named := c.namesCode(v.round, code); named != nil {
			c.rep.Report(analysisDiag(named, CategoryPermanentCode, fmt.Sprintf(
				"%s retries codes.%s, which does not change on retry: each such failure costs %s; drop it from the retried codes",
				a.site.Name(), code.Name, c.cost(a.site))))
			return
		}
		if c.codeSplit(a, v.round, code, probe == nil) {
			return
		}
	}
}

// codeSplit reports (and reports whether it found) a permanent code
// sent round by a condition that tells codes apart without naming it on
// the path. Either the condition puts it with codes.Unavailable among a
// few codes it retries (a classifier of the package or of another one:
// !isRetryableCode(err), whose switch lists codes.NotFound), or it stops
// on a few codes, a permanent one among them, and sends every other code
// round, the other permanent codes too:
//
//	if st, ok := status.FromError(err); ok && st.Code() == codes.InvalidArgument {
//		return err // NotFound, PermissionDenied go round
//	}
//
// A condition that stops only on codes that are not permanent
// (codes.Canceled, codes.DeadlineExceeded) is about cancellation, not
// classification, and is left alone. So is the second form when byDefault
// is false: around a readiness probe, the codes that go round unnamed
// are its wait's (readiness.go).
func (c *checker) codeSplit(a *attempt, round *engine.Path, code catalog.GRPCCode, byDefault bool) bool {
	vals := map[*ssa.If]map[int64]catalog.Tri{}
	for _, k := range catalog.GRPCCodes() {
		if k.Value == 0 {
			continue
		}
		for ifi, t := range conds(a.walk(scenario{grpc: true, code: int64(k.Value)})) {
			if vals[ifi] == nil {
				vals[ifi] = map[int64]catalog.Tri{}
			}
			vals[ifi][int64(k.Value)] = t
		}
	}
	for _, b := range round.Branches {
		byCode := vals[b.If]
		mine, unavailable := byCode[int64(code.Value)], byCode[grpcUnavailable]
		if !met(b) || mine == catalog.TriUnknown || mine != unavailable {
			continue
		}
		var same, other []catalog.GRPCCode
		for _, k := range catalog.GRPCCodes() {
			switch t, ok := byCode[int64(k.Value)]; {
			case !ok || k.Value == 0:
			case t == catalog.TriUnknown:
				return false
			case t == mine:
				same = append(same, k)
			default:
				other = append(other, k)
			}
		}
		at := a.site.Node()
		if cond := c.eng.ConditionOf(b.If); len(cond.Exprs) > 0 {
			at = cond.Exprs[0]
		}
		switch {
		case len(same) <= maxListed && len(other) > len(same):
			c.rep.Report(analysisDiag(at, CategoryPermanentCode, fmt.Sprintf(
				"%s retries codes.%s, which does not change on retry (%s puts it with the codes it retries): each such failure costs %s; drop it from the retried codes",
				a.site.Name(), code.Name, shortExpr(at.(ast.Expr)), c.cost(a.site))))
			return true
		case byDefault && len(other) <= maxListed && slices.ContainsFunc(other, c.isPermanent):
			var names []string
			for _, k := range other {
				names = append(names, "codes."+k.Name)
			}
			c.rep.Report(analysisDiag(at, CategoryPermanentCode, fmt.Sprintf(
				"%s retries codes.%s, which does not change on retry (it stops on %s only, the other permanent codes go round): each such failure costs %s; stop on every permanent code, or retry only codes.Unavailable (and ResourceExhausted with backoff)",
				a.site.Name(), code.Name, joinNames(names), c.cost(a.site))))
			return true
		}
	}
	return false
}

// grpcUnavailable is codes.Unavailable; maxListed is the most codes a
// condition picks out one by one.
const (
	grpcUnavailable = 14
	maxListed       = 6
)

// isPermanent reports a code the configuration calls permanent.
func (c *checker) isPermanent(k catalog.GRPCCode) bool {
	return slices.ContainsFunc(c.codes, func(p catalog.GRPCCode) bool { return p.Value == k.Value })
}

// joinNames lists names for a message: "a", "a and b", "a, b and c".
func joinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// grpcAttempt returns the gRPC call the site retries, with its name for
// a message: a loop's attempt call ("OrdersClient.Get", or
// "OrdersClient.Get through client.get" for a helper of the package),
// or the first gRPC call of an operation. A call that is no readiness
// probe comes before one that is: an attempt that checks health and
// then makes its call retries the call.
func (c *checker) grpcAttempt(a *attempt) (*ast.CallExpr, string) {
	loop := a.site.Kind() == retryscan.KindLoop
	var first ssa.CallInstruction
	// before: call is named rather than first, a loop's first call
	// coming in the order of Attempt(), an operation's in the source's.
	before := func(call ssa.CallInstruction) bool {
		if first == nil {
			return true
		}
		if p, q := isProbeCall(call), isProbeCall(first); p != q {
			return q
		}
		return !loop && call.Pos() < first.Pos()
	}
	if loop {
		for _, call := range a.site.Attempt() {
			if isGRPC(call) && before(call) {
				first = call
			}
		}
	} else {
		for _, b := range a.region.Func().Blocks {
			for _, in := range b.Instrs {
				if call, ok := in.(ssa.CallInstruction); ok && isGRPC(call) && before(call) {
					first = call
				}
			}
		}
	}
	if first == nil {
		return nil, ""
	}
	e := c.eng.CallExpr(first)
	if e == nil {
		return nil, ""
	}
	name := c.callName(e)
	if g := grpcOf(first); loop && g != nil && engine.Callee(first) != g {
		name = analysisutil.FuncName(g, g.Pkg()) + " through " + name
	}
	return e, name
}

// looksAtCode reports whether some condition of the attempt tells one
// gRPC code from another.
func (c *checker) looksAtCode(a *attempt) bool {
	seen := map[*ssa.If][3]bool{}
	for _, code := range catalog.GRPCCodes() {
		if code.Value == 0 {
			continue
		}
		for ifi, t := range conds(a.walk(scenario{grpc: true, code: int64(code.Value)})) {
			s := seen[ifi]
			s[t] = true
			seen[ifi] = s
		}
	}
	for _, s := range seen {
		if s[catalog.TriYes] && s[catalog.TriNo] {
			return true
		}
	}
	return false
}

// namesCode returns the constant codes.<code> in a condition that holds
// on the path.
func (c *checker) namesCode(p *engine.Path, code catalog.GRPCCode) ast.Expr {
	for i, b := range p.Branches {
		if !met(b) || !c.eng.Holds(p, i) {
			continue
		}
		if found := c.selectorIn(b.If, func(obj types.Object) bool {
			return analysisutil.PkgPath(obj) == catalog.GRPCCodesPkg && obj.Name() == code.Name
		}); found != nil {
			return found
		}
	}
	return nil
}

// codeExamples names two of the permanent codes for a message.
func (c *checker) codeExamples() string {
	switch len(c.codes) {
	case 0:
		return "a permanent code"
	case 1:
		return c.codes[0].Name
	}
	// NotFound and InvalidArgument read best when they are configured.
	var names []string
	for _, want := range []string{"NotFound", "InvalidArgument"} {
		for _, code := range c.codes {
			if code.Name == want {
				names = append(names, want)
			}
		}
	}
	for _, code := range c.codes {
		if len(names) < 2 && (len(names) == 0 || names[0] != code.Name) {
			names = append(names, code.Name)
		}
	}
	return names[0] + " or " + names[1]
}

// callName renders a call's function for a message: OrdersClient.Get.
func (c *checker) callName(call *ast.CallExpr) string {
	fn := analysisutil.AnyCallee(c.pass.TypesInfo, call)
	if fn == nil {
		return shortExpr(call.Fun)
	}
	return analysisutil.FuncName(fn, fn.Pkg()) // as its own package names it: check, not pkg.check
}
