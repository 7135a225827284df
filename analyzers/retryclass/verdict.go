package retryclass

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// The analyzer asks one question of a retry's attempt, under one
// scenario at a time: when the attempt ends this way (the server answered
// 404, the gRPC call failed with NotFound, the caller's context is done),
// does some way through it go round again? The engine walks the attempt
// from its top under the scenario, folding what it knows (nil tests,
// status and code comparisons, errors.Is with a context error,
// status.Code(err), the package's own classifiers read through their
// bodies); a condition it cannot fold that depends on the outcome makes
// the decision opaque, and the analyzer says nothing.

// attempt is one retry site as the checks see it, with the walks made
// so far, by scenario.
type attempt struct {
	c      *checker
	site   *retryscan.Site
	region *engine.Region
	walks  map[scenario]*engine.Walk
	// derived are the values made from the caller's contexts the
	// attempt uses (cancel.go).
	derived map[ssa.Value]bool
}

// scenario is one way an attempt ends.
type scenario struct {
	// status > 0: every call succeeded and every response has this HTTP
	// status; typed: the calls of other packages failed instead, with an
	// error carrying it (errors.As(err, &apiErr); apiErr.StatusCode).
	status int
	typed  bool
	// grpc: every gRPC call failed with code; other calls succeeded.
	grpc bool
	code int64
	// cancel: the caller's context is done (deadline: by its deadline):
	// calls given it fail with its error, the attempt's call fails.
	// plain: the same calls fail, with an error that is not the
	// context's.
	cancel, deadline, plain bool
}

// walk returns the walk of the attempt under sc, made once.
func (a *attempt) walk(sc scenario) *engine.Walk {
	if w, ok := a.walks[sc]; ok {
		return w
	}
	w := a.region.Walk(a.c.engineScenario(a, sc), nil)
	a.walks[sc] = w
	return w
}

func (c *checker) engineScenario(a *attempt, sc scenario) *engine.Scenario {
	ok := engine.Succeeded
	switch {
	case sc.status > 0:
		o := engine.Succeeded
		o.Status = sc.status
		es := &engine.Scenario{All: &o}
		if sc.typed && sc.status >= 300 {
			es.ReadOwn = true // post(ctx, url) says which statuses it turns into errors
			es.Others = func(call ssa.CallInstruction) (engine.Outcome, bool) {
				// backoff.Permanent(err) makes no call: it tells the
				// library to stop; and a function of the package handed
				// an error (return classify(err)) decides on it, read
				// through its body.
				if fn := engine.Callee(call); (fn == nil || !c.std(fn.Pkg()) && catalog.LookupClassHook(fn) == nil && !(fn.Pkg() == c.pass.Pkg && takesError(call))) && slices.Contains(engine.Roles(call), engine.RoleErr) {
					f := engine.Failed(engine.ErrStatus)
					f.Code = int64(sc.status)
					return f, true
				}
				return engine.Outcome{}, false
			}
		}
		return es
	case sc.grpc:
		return &engine.Scenario{All: &ok, Others: func(call ssa.CallInstruction) (engine.Outcome, bool) {
			if isGRPC(call) {
				o := engine.Failed(engine.ErrGRPC)
				o.Code = sc.code
				return o, true
			}
			return engine.Outcome{}, false
		}}
	}
	fails := c.cancelFails(a, sc)
	return &engine.Scenario{All: &ok, Others: fails, Cancel: sc.cancel && !sc.deadline, Deadline: sc.deadline}
}

// takesError reports a call with an argument of type error.
func takesError(call ssa.CallInstruction) bool {
	return slices.ContainsFunc(call.Common().Args, func(a ssa.Value) bool { return analysisutil.IsErrorType(a.Type()) })
}

// verdict is what an attempt does under a scenario.
type verdict struct {
	round *engine.Path // a way that surely goes round
	// opaque: a reachable condition depends on the outcome in a way the
	// engine does not fold.
	opaque bool
}

func (a *attempt) verdict(sc scenario) verdict {
	w := a.walk(sc)
	if w.Void || w.Opaque() {
		return verdict{opaque: true}
	}
	var v verdict
	for i := range w.Paths {
		p := &w.Paths[i]
		failed := p.End == engine.EndError
		if failed && p.Err.Kind == engine.Unknown && p.Err.Related {
			v.opaque = true
		}
		if v.round == nil && (p.End == engine.EndRound || failed && p.Err.Kind == engine.Err) {
			v.round = p
		}
	}
	return v
}

// unfolded reports a path through a condition that depends on the
// outcome and was not folded.
func unfolded(p *engine.Path) bool {
	return slices.ContainsFunc(p.Branches, func(b engine.Branch) bool { return b.Related && b.Value == catalog.TriUnknown })
}

// conds returns what each condition the walk met evaluated to: yes, no,
// or unknown (unknown too when it took both values on different ways).
func conds(w *engine.Walk) map[*ssa.If]catalog.Tri {
	out := map[*ssa.If]catalog.Tri{}
	for _, p := range w.Paths {
		for _, b := range p.Branches {
			if old, ok := out[b.If]; ok && old != b.Value {
				out[b.If] = catalog.TriUnknown
				continue
			}
			out[b.If] = b.Value
		}
	}
	return out
}

// selectorIn returns the first selector in a branch's condition whose
// object is, by match, one the check looks for: codes.NotFound,
// context.Canceled.
func (c *checker) selectorIn(ifi *ssa.If, match func(types.Object) bool) ast.Expr {
	var found ast.Expr
	for _, e := range c.eng.ConditionOf(ifi).Exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && found == nil && match(c.pass.TypesInfo.ObjectOf(sel.Sel)) {
				found = sel
			}
			return found == nil
		})
	}
	return found
}

// met reports whether a branch's condition held the way the path went:
// it was known, and the path took that way.
func met(b engine.Branch) bool {
	return b.Value != catalog.TriUnknown && (b.Value == catalog.TriYes) == b.Taken
}
