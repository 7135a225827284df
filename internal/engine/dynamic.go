package engine

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// What an interface field of a struct holds, where the package builds the
// struct, for the recognizer to read the Transport of an *http.Client:
//
//	var client = &http.Client{Transport: &retryTransport{next: http.DefaultTransport}}
//	client.Do(req)
//
// FieldValues(client, "Transport") is the *retryTransport value made by
// the literal (an interface conversion of it, which Concrete sees
// through): the client's calls run its RoundTrip.

// FieldValues returns the values stored to the field named name of the
// structs v points to, as far as the package shows: v's Sources that are
// allocations the package makes (a composite literal, new(T), a local
// variable), and the stores to their field (in the literal, or by an
// assignment on the allocation). seen is false when some source of v is
// not such an allocation (a parameter, another package's result, an
// exported variable): what it holds is unknown, and not in vals.
func (p *Program) FieldValues(v ssa.Value, name string) (vals []ssa.Value, seen bool) {
	seen = true
	for _, src := range p.Sources(v) {
		a, ok := src.(*ssa.Alloc)
		if !ok {
			seen = false
			continue
		}
		for _, r := range *a.Referrers() {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok || fa.X != a {
				continue
			}
			if f := fieldOf(fa); f == nil || f.Name() != name {
				continue
			}
			for _, rr := range *fa.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == fa {
					vals = append(vals, st.Val)
				}
			}
		}
	}
	return vals, seen
}

// Concrete returns the values of concrete type an interface value is
// made from: through the package's value flow (Sources), interface
// conversions and changes. nil constants are left out (a nil interface
// holds nothing). seen is false when some source is itself of interface
// type (a parameter, another package's result, http.DefaultTransport):
// its dynamic type is unknown, and not in vals.
func (p *Program) Concrete(v ssa.Value) (vals []ssa.Value, seen bool) {
	seen = true
	done := map[ssa.Value]bool{}
	var visit func(v ssa.Value)
	visit = func(v ssa.Value) {
		for _, src := range p.Sources(v) {
			if done[src] {
				continue
			}
			done[src] = true
			switch x := src.(type) {
			case *ssa.MakeInterface:
				visit(x.X)
				continue
			case *ssa.ChangeInterface:
				visit(x.X)
				continue
			case *ssa.Const:
				if x.IsNil() {
					continue
				}
			}
			if types.IsInterface(src.Type()) {
				seen = false
				continue
			}
			vals = append(vals, src)
		}
	}
	visit(v)
	return vals, seen
}
