package engine

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A loop may ask a policy of the package whether to go round, and the
// policy waits before it says yes (gocql's RetryPolicy.Attempt):
//
//	for {
//		err = call()
//		q.attempts++
//		if err == nil {
//			return nil
//		}
//		if !p.Attempt(q) { // time.Sleep(p.Min * time.Duration(1<<q.attempts)); return true
//			break
//		}
//	}
//
// The wait is the loop's, made in the callee on each way round. What it
// waits is read there with the callee's parameters bound to what the
// loop passes, and a field of a value the loop passes (q.attempts) reads
// as the loop's own variable when every write to it is in sight: a step
// in the loop, or in the callee, which runs once a round, varies it.

// CalleeWait is a wait made in a function of the package a loop calls.
type CalleeWait struct {
	Call *ssa.Call // the wait in the callee: time.Sleep(...)
	Flow Flow      // of what it waits, round the loop
}

// WaitsIn returns the waits (catalog.IsWait) made in the body of the
// function of the package the loop calls at c, with the flow of what
// each waits round the region's loop, as above; nil when c calls no such
// function (another package's, an interface method, a function value).
func (r *Region) WaitsIn(c ssa.CallInstruction) []CalleeWait {
	callee := c.Common().StaticCallee()
	args := c.Common().Args
	if r.loop == nil || !r.p.own(callee) || len(callee.Params) != len(args) {
		return nil
	}
	caller := &flower{r: r, seen: map[ssa.Value]bool{}}
	sub := &flower{r: r, seen: map[ssa.Value]bool{}, params: map[ssa.Value]Flow{}, bound: map[ssa.Value]ssa.Value{}, depth: 1}
	for i, a := range args {
		sub.params[callee.Params[i]] = caller.flow(a)
		sub.bound[callee.Params[i]] = a
	}
	var out []CalleeWait
	for _, b := range callee.Blocks {
		for _, in := range b.Instrs {
			w, ok := in.(*ssa.Call)
			if !ok || !catalog.IsWait(Callee(w)) || len(w.Call.Args) == 0 {
				continue
			}
			out = append(out, CalleeWait{Call: w, Flow: sub.flow(w.Call.Args[len(w.Call.Args)-1])})
		}
	}
	return out
}

// boundField reads a load of field fa of a callee's parameter bound to
// the loop's value a, when the loop or the callee updates it from itself
// (q.attempts++, q.wait *= 2): it varies, or grows. ok is false when
// nothing round the loop writes it and what it holds is not seen, which
// the callee's own reading then answers. A write out of
// sight, a write by another function the loop's function may run (a
// callee of the attempt that sets the count back; a value made in place,
// &query{}, is none), or a way round that sets it to
// something not made from itself leaves it opaque. A field nothing round
// the loop writes is what the loop's value was made with (FieldValues).
func (fl *flower) boundField(fa *ssa.FieldAddr, a ssa.Value) (Flow, bool) {
	f := fieldOf(fa)
	fn, callee := fl.r.fn, fa.Parent()
	same := func(x ssa.Value) bool {
		y, ok := x.(*ssa.FieldAddr)
		return ok && y.Field == fa.Field && (y.X == a && y.Parent() == fn || y.X == fa.X && y.Parent() == callee)
	}
	var round []*ssa.Store
	for _, b := range fn.Blocks {
		if !fl.r.loop.Has(b) {
			continue
		}
		for _, in := range b.Instrs {
			if st, ok := in.(*ssa.Store); ok && same(st.Addr) {
				round = append(round, st)
			}
		}
	}
	for _, b := range callee.Blocks {
		for _, in := range b.Instrs {
			if st, ok := in.(*ssa.Store); ok && same(st.Addr) {
				round = append(round, st)
			}
		}
	}
	if len(round) == 0 {
		// Not updated round the loop: what the value the loop holds was
		// made with (p := &Policy{Min: 100 * time.Millisecond}), even
		// in an exported field, when every write to it is seen.
		if vals, seen := fl.r.p.FieldValues(a, f.Name()); seen && len(vals) > 0 {
			caller := &flower{r: fl.r, seen: map[ssa.Value]bool{}}
			return caller.all(vals), true
		}
		return Flow{}, false
	}
	if !fl.r.p.FieldComplete(f) {
		return Flow{Opaque: true}, true
	}
	var runs map[*ssa.Function]bool
	for _, st := range fl.r.p.FieldStores(f) {
		if _, made := base(st.Addr).(*ssa.Alloc); made || st.Parent() == fn || st.Parent() == callee {
			continue
		}
		if runs == nil {
			runs = fl.r.p.runs(fn) // as FieldOwnedBy reads what fn may run
		}
		if runs[st.Parent()] {
			return Flow{Opaque: true}, true
		}
	}
	self := func(x ssa.Value) bool {
		l, ok := x.(*ssa.UnOp)
		return ok && l.Op == token.MUL && same(l.X)
	}
	var out Flow // its first value is the caller's: not read
	for _, st := range round {
		k, at, clamped := relative(st.Val, self)
		var g Flow
		switch {
		case k == 0:
			g.Varying = true
		case k > 1 && at != nil:
			g.Growth, g.Factor, g.SelfUpdate = at, k, true
		default:
			return Flow{Opaque: true}, true // q.attempts = 0: set back, or set from elsewhere
		}
		g.Clamped = clamped
		out.merge(g)
	}
	return out, true
}
