package engine

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A helper of the package may keep the status of the response it got in
// a field of its receiver, for its caller to decide on after the call
// (vmware/vic#5988: only 404 stopped, every other 4xx went round):
//
//	func (c *client) get(ctx context.Context, url string) error {
//		resp, err := http.DefaultClient.Do(req)
//		...
//		c.lastStatus = resp.StatusCode
//		if resp.StatusCode != http.StatusOK {
//			return fmt.Errorf("status %d", resp.StatusCode)
//		}
//	...
//	if err = c.get(ctx, url); err == nil {
//		return nil
//	}
//	if c.lastStatus == http.StatusNotFound {
//		return err
//	}
//
// A field that every store of the package gives a response's status or
// a constant holds, after a call of a function of the package that
// stores it through the value the load reads, the status of the
// responses of a scenario in which that call does not fail. Elsewhere
// it is what it was. The helper that stores it may read it back itself,
// before any such call, and then reads what it stored.

// storedStatus returns the status a load of field address fa reads
// after such a call on the path, and false when there is none or the
// scenario does not say the status.
func (w *walker) storedStatus(load *ssa.UnOp, fa *ssa.FieldAddr, upto int) (Val, bool) {
	f := fieldOf(fa)
	if f == nil || !w.p.statusStore(f) {
		return Val{}, false
	}
	var out Val
	found := false
	w.backFrom(load, upto, func(in ssa.Instruction, k int) bool {
		if st, ok := in.(*ssa.Store); ok && sameField(st.Addr, fa) {
			// The helper reads back what it stored a moment ago (vic's
			// fetch: u.StatusCode = res.StatusCode; if u.StatusCode ==
			// http.StatusNotFound {...}): the load is the stored value.
			out, found = w.eval(st.Val, k+1), true
			return false
		}
		c, ok := in.(*ssa.Call)
		if !ok {
			return true
		}
		i := w.p.storesStatusVia(c.Call.StaticCallee(), f)
		if i < 0 || i >= len(c.Call.Args) || c.Call.Args[i] != fa.X {
			return true
		}
		o, decided := w.sc.outcome(c)
		if !decided && w.sc.All != nil {
			o, decided = *w.sc.All, true
		}
		if decided && !o.Fails {
			out, found = statusOutcome(o, false), true
		}
		return false // the latest such call decides
	})
	return out, found
}

// sameField reports a store address that is field fa of the same value
// (each u.StatusCode is an address of its own in SSA).
func sameField(addr ssa.Value, fa *ssa.FieldAddr) bool {
	a, ok := addr.(*ssa.FieldAddr)
	return ok && a.X == fa.X && a.Field == fa.Field
}

// statusStore reports whether every store of the package to field f
// gives it a response's status or a constant, one at least the former,
// and its address goes nowhere else.
func (p *Program) statusStore(f *types.Var) bool {
	if !isInt(f.Type()) {
		return false
	}
	// Asked at every load of an integer field a walk evaluates, the
	// same fields again and again (go-redis: 25 MB of store lists made
	// anew), so the answer is kept.
	p.build()
	return memo(&p.mu, p.statusStores, f, p.readStatusStore)
}

// readStatusStore is statusStore, worked out.
func (p *Program) readStatusStore(f *types.Var) bool {
	x := p.fields()
	if x.escapes[f] {
		return false
	}
	var vals []ssa.Value
	for _, st := range x.stores[f] {
		vals = append(vals, Strip(st.Val))
	}
	return p.statuses(vals)
}

// storesStatusVia returns the index of the parameter of fn, a function
// of the package, through which it stores a status in field f, or -1.
func (p *Program) storesStatusVia(fn *ssa.Function, f *types.Var) int {
	if !p.own(fn) {
		return -1
	}
	for _, st := range p.fields().stores[f] {
		fa, ok := st.Addr.(*ssa.FieldAddr)
		if !ok || st.Parent() != fn || !p.statusRead(Strip(st.Val)) {
			continue
		}
		if prm, ok := fa.X.(*ssa.Parameter); ok {
			return paramPos(prm) // the receiver first, as the call's Args
		}
	}
	return -1
}
