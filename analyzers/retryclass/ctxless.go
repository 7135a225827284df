package retryclass

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// retry-after-cancel, for the library functions that take no context
// (catalog.CtxlessWaits: apimachinery's wait.Poll, wait.Until and their
// kin). Handed work that uses the caller's context, they go on after the
// caller gave up:
//
//	wait.PollImmediate(time.Second, time.Minute, func() (bool, error) {
//		_, err := client.Get(ctx, name)
//		return err == nil, nil   // ctx done: fails at once, and polls on for the minute
//	})
//	wait.Until(func() { sync(ctx) }, time.Second, wait.NeverStop)   // for the life of the process
//
// A condition is read under the cancelled context: it is reported when a
// way through it returns (false, nil), so that the poll goes on; one that
// returns the error ends the poll, and one that looks at ctx may. A function run until
// a stop channel closes is reported when the channel never closes
// (wait.NeverStop, nil, a channel made in the call); any other channel
// may be the context's. A condition held in a local is read as the literal
// it holds; functions and methods given by name are not read.

func (c *checker) ctxlessWaits() {
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if row := catalog.LookupCtxlessWait(analysisutil.Callee(c.pass.TypesInfo, call)); row != nil && row.Op < len(call.Args) {
				c.ctxlessWait(call, row)
			}
			return true
		})
	}
}

func (c *checker) ctxlessWait(call *ast.CallExpr, row *catalog.CtxlessWait) {
	lit := c.heldLiteral(call.Args[row.Op])
	if lit == nil {
		return // a named function, or a variable that may hold another: not read
	}
	if row.Stop >= 0 && (row.Stop >= len(call.Args) || !c.neverCloses(call.Args[row.Stop])) {
		return // a stop channel someone may close when ctx is done
	}
	a, ctxs := c.closureAttempt(lit, row.Pkg, &retryscan.Site{})
	if a == nil || !row.Runs && (c.watchesCancel(a) || !c.pollsOn(a)) {
		return
	}
	name, ctxName := "wait."+row.Name, c.contextName(a, ctxs)
	var msg string
	switch {
	case row.Runs && row.Stop >= 0:
		msg = fmt.Sprintf("%s is given a stop channel that never closes while its function uses %s: after the caller gives up it runs every period for the life of the process", name, ctxName)
	case row.Runs:
		msg = fmt.Sprintf("%s runs a function that uses %s: after the caller gives up it runs every period for the life of the process", name, ctxName)
	case row.Ends != "":
		msg = fmt.Sprintf("%s is not given %s, which its condition uses: after the caller gives up it polls on until %s", name, ctxName, row.Ends)
	default:
		msg = fmt.Sprintf("%s is not given %s, which its condition uses: after the caller gives up it polls on forever", name, ctxName)
	}
	c.rep.Report(analysisDiag(call, CategoryRetryAfterCancel, msg+"; use "+row.Twin))
}

// heldLiteral returns the function literal an operation is: written in
// the call, or held in a local variable that holds nothing else
// (cond := func() (bool, error) {...}; wait.ExponentialBackoff(b, cond)).
// Only a local is worth asking the engine about.
func (c *checker) heldLiteral(e ast.Expr) *ast.FuncLit {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return e
	case *ast.Ident:
		if v, ok := c.pass.TypesInfo.Uses[e].(*types.Var); ok && v.Parent() != c.pass.Pkg.Scope() {
			return c.eng.HeldLiteral(nil, e)
		}
	}
	return nil
}

// pollsOn reports whether a condition goes on polling once the caller's
// context is done: a way through it, every condition on the way read,
// returns (false, nil).
func (c *checker) pollsOn(a *attempt) bool {
	w := a.walk(scenario{cancel: true})
	if w.Void || w.Opaque() {
		return false
	}
	for i := range w.Paths {
		p := &w.Paths[i]
		ret, ok := p.At.(*ssa.Return)
		if !ok || len(ret.Results) != 2 {
			continue
		}
		// A condition's (false, nil) goes round, read through the
		// package's helpers whose answer it returns (return
		// retryOn(resp, err), (false, nil) on a failure); one that
		// returns nil with a done the walk cannot fold leaves, and is
		// read here.
		if p.End == engine.EndRound || p.End == engine.EndLeave && p.Err.Kind == engine.Nil && c.falseOnCancel(a, ret.Results[0]) {
			return true
		}
	}
	return false
}

// falseOnCancel reports a done result that is false once the context is
// done: the constant false, or the bool a call given the context reports
// beside its error (ok, _ := ready(ctx)), false when it fails.
func (c *checker) falseOnCancel(a *attempt, v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return v.Value != nil && v.Value.ExactString() == "false"
	case *ssa.Extract:
		call, ok := v.Tuple.(*ssa.Call)
		if !ok || v.Index != 0 || !c.givenContext(call, a.derived) {
			return false
		}
		res := call.Call.Signature().Results()
		return res.Len() == 2 && analysisutil.IsErrorType(res.At(1).Type())
	}
	return false
}

// neverCloses reports a stop channel nobody closes: wait.NeverStop, nil,
// or one made in the call, make(chan struct{}).
func (c *checker) neverCloses(e ast.Expr) bool {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return catalog.NeverStops(info.ObjectOf(e.Sel))
	case *ast.Ident:
		return catalog.NeverStops(info.ObjectOf(e)) || info.Types[e].IsNil()
	case *ast.CallExpr:
		id, ok := ast.Unparen(e.Fun).(*ast.Ident)
		return ok && id.Name == "make" && info.Uses[id] != nil && info.Uses[id].Pkg() == nil
	}
	return false
}
