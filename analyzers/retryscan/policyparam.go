package retryscan

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// A retry helper may take its policy from its caller:
//
//	func retryOp(b backoff.BackOff, op func() error) error {
//		return backoff.Retry(op, b) // the policy is what the call passes
//	}
//	b := backoff.NewExponentialBackOff()
//	b.MaxElapsedTime = 0
//	retryOp(b, load)
//
// The parameter is read as the argument of the helper's one call in the
// package, when every call of the helper is in sight (readLocalCalls). A
// helper called twice may be given two policies: its parameter stays
// unknown.

// An exported package variable of the package that holds a policy or
// options is read by the package's own writes to it, its initializer
// among them, as nodeadline reads a client kept in one inside a retry:
// what the package gives is what the retry uses unless an importer
// replaces it.
//
//	var DefaultRetryOptions = []retry.Option{retry.Attempts(25), retry.Delay(time.Second)}
//	retry.Do(get, DefaultRetryOptions...) // 25 attempts, no MaxDelay
//
// A configuration exported as a fact (a helper returning the variable)
// does not read it: importers may set it out of the package's sight.
// Its address must be only loaded or stored in the package
// (engine.GlobalWritesSeen), and its initializer its only write: a
// function that sets it (SetRetryOptions(o)) is how importers configure
// it, so it stays unknown.

// exportedVar adds the initializer of an exported package variable of
// the package.
func (c *cfgSyntax) exportedVar(g *ssa.Global) {
	if c.forFact || g.Object() == nil || !g.Object().Exported() || !c.s.eng.GlobalWritesSeen(g) {
		return
	}
	sts := c.s.eng.GlobalStores(g)
	for _, st := range sts {
		if st.Parent().Synthetic != "package initializer" {
			return
		}
	}
	for _, st := range sts {
		c.add(c.s.eng.SyntaxOf(st))
		c.values(st.Val)
	}
}

// callAt is a call, with the function syntax (declaration or literal)
// it is written in.
type callAt struct {
	call *ast.CallExpr
	fn   ast.Node
}

// maxPolicyHops bounds the helpers followed back through their callers.
const maxPolicyHops = 3

// fromCaller adds the configuration of what the one call of p's function
// passes in p's place.
func (c *cfgSyntax) fromCaller(p *ssa.Parameter) {
	if c.params == nil {
		c.params = map[*ssa.Parameter]bool{}
	}
	if c.params[p] || len(c.params) >= maxPolicyHops || p.Parent().Parent() != nil {
		return
	}
	obj, _ := p.Parent().Object().(*types.Func)
	i := engine.ParamIndex(p)
	cs := c.s.localCalls.get()[obj]
	if obj == nil || len(cs) != 1 || i < 0 || i >= len(cs[0].call.Args) || cs[0].call.Ellipsis.IsValid() {
		return
	}
	at := cs[0]
	c.params[p] = true
	arg := at.call.Args[i]
	c.add(arg)
	if v := c.s.eng.ValueOf(at.fn, arg); v != nil {
		c.values(v)
	}
}

// readLocalCalls finds the calls of the package's functions whose every
// call is in sight: unexported, not generic, named nowhere but in calls
// (no function value, no method value, no initializer) and, for a
// method, no interface of the package has a method of its name.
func (s *scanner) readLocalCalls() map[*types.Func][]callAt {
	calls := map[*types.Func][]callAt{}
	escapes, ifaceNames := analysisutil.EachLocalCall(s.pass.Pkg, s.info, s.pass.Files, func(fn *types.Func, call *ast.CallExpr, stack []ast.Node) {
		calls[fn] = append(calls[fn], callAt{call: call, fn: innermostFunc(stack)})
	})
	for fn := range calls {
		sig := fn.Type().(*types.Signature)
		if escapes[fn] || fn.Exported() || sig.TypeParams() != nil || sig.RecvTypeParams() != nil ||
			sig.Recv() != nil && ifaceNames[fn.Name()] {
			delete(calls, fn)
		}
	}
	return calls
}

// innermostFunc returns the innermost function declaration or literal of
// a stack, or nil.
func innermostFunc(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return n
		}
	}
	return nil
}
