package engine

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Which function parameters a call through a function value can run,
// when the value is not the parameter itself. A retry helper handed its
// attempt may keep it in a local, wrap it in a closure, or keep it in a
// field of a struct of its own before it calls it:
//
//	call := op
//	if verbose {
//		call = func(ctx context.Context) error { err := op(ctx); log.Print(err); return err }
//	}
//	err = call(ctx)            // op, or a closure that runs op: the parameter op
//
//	r := &retrier{op: op, attempts: 10}
//	... r.op(ctx) ...          // in (*retrier).run: the parameter op of the function that built r
//
// The value's sources (Sources: phis, locals, captured variables, the
// unexported fields whose every write is visible) are read; a closure
// among them runs each function value whose result it returns, read the
// same way, one closure deep (not a hook it also calls: log above). A
// source that is neither a parameter nor such a closure adds nothing:
// the answer lists the parameters the value may run, not that it runs
// nothing else.

// RunsParams returns the function-typed parameters, of any function of
// the package, that the function value called at call may run: through
// locals, phis, captures, unexported fields and one closure that calls
// them. nil for a static call, an interface method call, or a call the
// engine does not see.
func (p *Program) RunsParams(call *ast.CallExpr) []*types.Var {
	f := p.funcAt(call.Fun)
	c := p.Call(f, call)
	if c == nil || c.Common().IsInvoke() || c.Common().StaticCallee() != nil {
		return nil
	}
	var out []*types.Var
	seen := map[*types.Var]bool{}
	p.runsParams(c.Common().Value, 1, func(v *types.Var) {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	})
	return out
}

func (p *Program) runsParams(v ssa.Value, closures int, add func(*types.Var)) {
	for _, src := range p.Sources(v) {
		switch x := src.(type) {
		case *ssa.Parameter:
			if _, ok := x.Type().Underlying().(*types.Signature); ok {
				if obj, ok := x.Object().(*types.Var); ok && obj != nil {
					add(obj)
				}
			}
		case *ssa.MakeClosure:
			fn, ok := x.Fn.(*ssa.Function)
			if !ok || closures == 0 {
				continue
			}
			for _, c := range p.returnedCalls(fn) {
				p.runsParams(c.Value, closures-1, add)
			}
		}
	}
}

// returnedCalls returns the calls through function values whose results
// a function returns: the outcome of the function it wraps, not a hook it
// also calls (log(err) above).
func (p *Program) returnedCalls(fn *ssa.Function) []*ssa.CallCommon {
	var out []*ssa.CallCommon
	for _, b := range fn.Blocks {
		r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for _, res := range r.Results {
			for _, src := range p.Sources(res) {
				if x, ok := src.(*ssa.Extract); ok {
					src = x.Tuple
				}
				if c, ok := src.(*ssa.Call); ok && !c.Call.IsInvoke() && c.Call.StaticCallee() == nil {
					out = append(out, &c.Call)
				}
			}
		}
	}
	return out
}
