package engine

import (
	"golang.org/x/tools/go/ssa"
)

// A range-over-func loop may take its waits from the iterator: the
// iterator's own loop grows, clamps and jitters what it yields, and the
// body waits on it.
//
//	func backoffs(base time.Duration, n int) iter.Seq[time.Duration] {
//		return func(yield func(time.Duration) bool) {
//			d := base
//			for range n {
//				if !yield(d) {
//					return
//				}
//				d *= 2 // grows, no clamp
//			}
//		}
//	}
//	for d := range backoffs(time.Second, 10) {
//		if err = call(); err == nil { ... }
//		time.Sleep(d)
//	}
//
// The flow of the yielded value is read in the iterator round its loop,
// its free variables bound to what the package's constructor of the
// iterator is given. An iterator of another package, or one the body
// cannot trace to its function, is opaque.

// yielded returns the flow of p, a parameter of the region's
// range-over-func body, from the values the iterator yields in its place.
func (fl *flower) yielded(p *ssa.Parameter) Flow {
	if fl.depth >= 3 {
		return Flow{Opaque: true}
	}
	it, free := fl.iterator(fl.r.fn)
	if it == nil || len(it.Params) != 1 {
		return Flow{Opaque: true}
	}
	idx := paramPos(p)
	var f Flow
	first := true
	for _, ref := range *it.Params[0].Referrers() {
		c, ok := ref.(*ssa.Call)
		if !ok || c.Call.Value != it.Params[0] || idx < 0 || idx >= len(c.Call.Args) {
			continue
		}
		r := &Region{p: fl.r.p, fn: it, loop: innermost(fl.r.p.loops(it), c.Block())}
		sub := &flower{r: r, seen: map[ssa.Value]bool{}, params: free, depth: fl.depth + 1}
		g := sub.flow(c.Call.Args[idx])
		if first {
			f, first = g, false
		} else {
			f.or(g)
		}
	}
	if first {
		return Flow{Opaque: true}
	}
	return f
}

// iterator returns the function a range-over-func body is handed to
// (Program.iteratorOf), with the flows of its free variables: for a
// closure made in the loop's function, its bindings read there; for one
// returned by a function of the package, read there with the function's
// parameters bound to the call's arguments. It returns nil when the
// iterator is out of sight.
func (fl *flower) iterator(body *ssa.Function) (*ssa.Function, map[ssa.Value]Flow) {
	it, mc, call := fl.r.p.iteratorOf(body)
	switch {
	case it == nil:
		return nil, nil
	case mc == nil:
		return it, map[ssa.Value]Flow{}
	case call == nil:
		return fl.closure(mc, fl)
	}
	callee := call.Call.StaticCallee()
	sub := &flower{r: fl.r, seen: map[ssa.Value]bool{}, params: map[ssa.Value]Flow{}, depth: fl.depth + 1}
	for i, a := range call.Call.Args {
		sub.params[callee.Params[i]] = fl.flow(a)
	}
	return fl.closure(mc, sub)
}

// closure returns the function of mc with the flows of its bindings, as
// by reads them.
func (fl *flower) closure(mc *ssa.MakeClosure, by *flower) (*ssa.Function, map[ssa.Value]Flow) {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok || len(fn.FreeVars) != len(mc.Bindings) {
		return nil, nil
	}
	free := map[ssa.Value]Flow{}
	for i, b := range mc.Bindings {
		free[fn.FreeVars[i]] = by.held(b)
	}
	return fn, free
}

// held is the flow of what a captured variable holds: a closure captures
// by address (new time.Duration (d); *t0 = d), so it is what is stored
// to the address in its function.
func (fl *flower) held(addr ssa.Value) Flow {
	a, ok := addr.(*ssa.Alloc)
	if !ok {
		return Flow{Opaque: true}
	}
	var f Flow
	defs := 0
	for _, ref := range *a.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != ssa.Value(a) {
			continue
		}
		g := fl.flow(st.Val)
		if defs++; defs == 1 {
			f = g
		} else {
			f.merge(g)
			f.Known = false
		}
	}
	if defs == 0 {
		return Flow{Opaque: true}
	}
	return f
}
