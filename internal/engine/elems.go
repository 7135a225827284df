package engine

import "golang.org/x/tools/go/ssa"

// Elems returns the elements of a slice as the package shows them: the
// values stored into a slice literal or into the array of a variadic
// call, through variables, phis and append, each read in the frame of
// the slice. ok is false when some part of the slice is out of sight (a
// parameter, a call of another package, an element written through the
// slice: xs[i] = v).
//
//	opts := []grpc.DialOption{grpc.WithTransportCredentials(creds)}
//	opts = append(opts, grpc.WithUnaryInterceptor(i))
//	conn, err := grpc.NewClient(addr, opts...) // Elems of opts: both options
//
// A nil slice has no elements: f(x) with no variadic arguments passes
// one.
func (p *Program) Elems(v ssa.Value, in *Frame) (elems []Source, ok bool) {
	seen := map[ssa.Value]bool{}
	var visit func(v ssa.Value, in *Frame) bool
	visit = func(v ssa.Value, in *Frame) bool {
		for _, src := range p.SourcesIn(v, in) {
			if seen[src.Value] {
				continue // a loop appending to the slice
			}
			seen[src.Value] = true
			switch x := src.Value.(type) {
			case *ssa.Const:
				if !x.IsNil() {
					return false
				}
			case *ssa.Slice:
				a, ok := x.X.(*ssa.Alloc)
				if !ok || writtenThrough(x) {
					return false
				}
				vals, ok := arrayStores(a)
				if !ok {
					return false
				}
				for _, e := range vals {
					elems = append(elems, Source{e, src.In})
				}
			case *ssa.Call:
				b, ok := x.Call.Value.(*ssa.Builtin)
				if !ok || b.Name() != "append" {
					return false
				}
				for _, a := range x.Call.Args {
					if !visit(a, src.In) {
						return false
					}
				}
			default:
				return false
			}
		}
		return true
	}
	if !visit(v, in) {
		return nil, false
	}
	return elems, true
}

// arrayStores returns the values stored into the elements of an array
// that is only written element by element and sliced: the array of a
// slice literal or of a variadic call.
func arrayStores(a *ssa.Alloc) ([]ssa.Value, bool) {
	var vals []ssa.Value
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Slice, *ssa.DebugRef:
		case *ssa.IndexAddr:
			for _, rr := range *r.Referrers() {
				switch st := rr.(type) {
				case *ssa.Store:
					if st.Addr != r {
						return nil, false
					}
					vals = append(vals, st.Val)
				case *ssa.DebugRef:
				default:
					return nil, false
				}
			}
		default:
			return nil, false
		}
	}
	return vals, true
}

// writtenThrough reports a slice whose elements are written through it:
// xs := make([]int, 1); xs[0] = v.
func writtenThrough(s *ssa.Slice) bool {
	for _, r := range *s.Referrers() {
		if ia, ok := r.(*ssa.IndexAddr); ok {
			for _, rr := range *ia.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
					return true
				}
			}
		}
	}
	return false
}
