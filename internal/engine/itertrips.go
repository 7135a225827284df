package engine

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// A range-over-func retry takes its bound from the iterator when the
// iterator yields in one counted loop of its own:
//
//	func attempts(n int) iter.Seq[int] {
//		return func(yield func(int) bool) {
//			for i := 0; i < n; i++ {
//				if !yield(i) {
//					return
//				}
//			}
//		}
//	}
//	for attempt := range attempts(5) { ... } // 5 attempts
//
// The count is the iterator loop's Trips, its limit read where the
// iterator is made: a constant, or a variable the iterator captures
// whose only write is a constant or the constructor's parameter given a
// constant at the call. An iterator of another package, one that hands
// yield on or calls it in more than one place or in nested loops, and a
// count the package does not show stay unknown.

// YieldTrips returns how many times the iterator of a range-over-func
// region calls its body at most, or 0 when it cannot tell.
func (r *Region) YieldTrips() int {
	if !r.yield {
		return 0
	}
	it, mc, call := r.p.iteratorOf(r.fn)
	if it == nil || len(it.Params) != 1 {
		return 0
	}
	var yc *ssa.Call
	for _, ref := range *it.Params[0].Referrers() {
		if _, ok := ref.(*ssa.DebugRef); ok {
			continue
		}
		c, ok := ref.(*ssa.Call)
		if !ok || c.Call.Value != it.Params[0] || yc != nil {
			return 0 // yield handed on, or called in two places
		}
		yc = c
	}
	if yc == nil {
		return 0
	}
	ls := r.p.loops(it)
	in := 0
	for _, l := range ls {
		if l.Has(yc.Block()) {
			in++
		}
	}
	if in != 1 {
		return 0 // not in a loop (one attempt), or in nested loops
	}
	sub := &Region{p: r.p, fn: it, loop: innermost(ls, yc.Block()), consts: capturedConsts(it, mc, call)}
	return sub.Trips(yc).N
}

// iteratorOf returns the function a range-over-func body is handed to:
// a function of the package, a closure made in the body's parent (mc),
// or the one closure a function of the package returns (mc, made in
// that function, which call calls). It returns nil when the iterator is
// out of sight.
func (p *Program) iteratorOf(body *ssa.Function) (*ssa.Function, *ssa.MakeClosure, *ssa.Call) {
	parent := body.Parent()
	if parent == nil {
		return nil, nil, nil
	}
	var it ssa.Value
	for _, b := range parent.Blocks {
		for _, in := range b.Instrs {
			mc, ok := in.(*ssa.MakeClosure)
			if !ok || mc.Fn != body {
				continue
			}
			for _, ref := range *mc.Referrers() {
				if c, ok := ref.(*ssa.Call); ok && !c.Call.IsInvoke() && c.Call.Value != ssa.Value(mc) {
					it = c.Call.Value
				}
			}
		}
	}
	switch v := Strip(it).(type) {
	case *ssa.Function:
		if p.own(v) {
			return v, nil, nil
		}
	case *ssa.MakeClosure:
		if fn, ok := v.Fn.(*ssa.Function); ok {
			return fn, v, nil
		}
	case *ssa.Call:
		callee := v.Call.StaticCallee()
		if !p.own(callee) || len(callee.Params) != len(v.Call.Args) {
			return nil, nil, nil
		}
		var found *ssa.MakeClosure
		for _, b := range callee.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			mc, ok := Strip(ret.Results[0]).(*ssa.MakeClosure)
			if len(ret.Results) != 1 || !ok || found != nil && mc.Fn != found.Fn {
				return nil, nil, nil // returns different iterators
			}
			found = mc
		}
		if found == nil {
			return nil, nil, nil
		}
		if fn, ok := found.Fn.(*ssa.Function); ok {
			return fn, found, v
		}
	}
	return nil, nil, nil
}

// capturedConsts maps the reads of it's captured variables that hold a
// constant to it: the variable's only write, in the function that makes
// the closure, is a constant or that function's parameter, which call
// gives a constant. A variable the closure writes is left out.
func capturedConsts(it *ssa.Function, mc *ssa.MakeClosure, call *ssa.Call) map[ssa.Value]*ssa.Const {
	if mc == nil || len(mc.Bindings) != len(it.FreeVars) {
		return nil
	}
	constOf := func(v ssa.Value) *ssa.Const {
		v = Strip(v)
		if p, ok := v.(*ssa.Parameter); ok && call != nil && p.Parent() == mc.Parent() {
			v = Strip(call.Call.Args[paramPos(p)])
		}
		if c, ok := v.(*ssa.Const); ok && isIntConst(c) {
			return c
		}
		return nil
	}
	out := map[ssa.Value]*ssa.Const{}
	for i, b := range mc.Bindings {
		fv := it.FreeVars[i]
		a, ok := b.(*ssa.Alloc)
		if !ok {
			if c := constOf(b); c != nil {
				out[fv] = c
			}
			continue
		}
		var c *ssa.Const
		writes := 0
		for _, ref := range *a.Referrers() {
			switch x := ref.(type) {
			case *ssa.Store:
				if x.Addr == ssa.Value(a) {
					writes++
					c = constOf(x.Val)
				}
			case *ssa.MakeClosure:
				if x != mc {
					writes++ // another closure may write it
				}
			case *ssa.UnOp, *ssa.DebugRef:
			default:
				writes++ // address handed on
			}
		}
		if writes != 1 || c == nil {
			continue
		}
		var loads []ssa.Value
		written := false
		for _, ref := range *fv.Referrers() {
			switch x := ref.(type) {
			case *ssa.UnOp:
				if x.Op == token.MUL {
					loads = append(loads, x)
				}
			case *ssa.DebugRef:
			default:
				written = true
			}
		}
		if !written {
			for _, l := range loads {
				out[l] = c
			}
		}
	}
	return out
}
