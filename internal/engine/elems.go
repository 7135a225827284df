package engine

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

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

// maxElemPaths bounds the ways through a slice's appends that ElemPaths
// tells apart.
const maxElemPaths = 32

// ElemPaths is Elems way by way: the lists of elements the slice may
// hold, one per way through the appends that build it, each in order.
// An append under an if makes two (without and with its elements);
// appends in the two branches of an if/else never meet in one list:
//
//	opts := []grpc.DialOption{creds}
//	if auth {
//		opts = append(opts, grpc.WithChainUnaryInterceptor(a))
//	} else {
//		opts = append(opts, grpc.WithChainUnaryInterceptor(b))
//	}
//	grpc.NewClient(addr, opts...) // [creds a-option], [creds b-option]
//
// keep, when not nil, drops the elements it does not keep before lists
// are compared, so that ways that differ only in elements of no
// interest make one list. The appends of a loop are read for no round
// and one round. ok is false as for Elems, and when there are more than
// maxElemPaths lists.
func (p *Program) ElemPaths(v ssa.Value, in *Frame, keep func(Source) bool) (paths [][]Source, ok bool) {
	type key struct {
		v  ssa.Value
		in FrameKey
	}
	memo := map[key][][]Source{}
	onStack := map[ssa.Value]bool{}
	var visit func(v ssa.Value, in *Frame) ([][]Source, bool)
	visit = func(v ssa.Value, in *Frame) ([][]Source, bool) {
		if got, ok := memo[key{v, in.Key()}]; ok {
			return got, true
		}
		var out [][]Source
		for _, src := range p.SourcesIn(v, in) {
			if onStack[src.Value] {
				continue // an append of a loop, reached round the loop
			}
			var alts [][]Source
			switch x := src.Value.(type) {
			case *ssa.Const:
				if !x.IsNil() {
					return nil, false
				}
				alts = [][]Source{nil}
			case *ssa.Slice:
				a, ok := x.X.(*ssa.Alloc)
				if !ok || writtenThrough(x) {
					return nil, false
				}
				vals, ok := arrayStores(a)
				if !ok {
					return nil, false
				}
				var path []Source
				for _, e := range vals {
					if s := (Source{e, src.In}); keep == nil || keep(s) {
						path = append(path, s)
					}
				}
				alts = [][]Source{path}
			case *ssa.Call:
				b, ok := x.Call.Value.(*ssa.Builtin)
				if !ok || b.Name() != "append" {
					return nil, false
				}
				onStack[x] = true
				alts = [][]Source{nil}
				for _, a := range x.Call.Args {
					tails, ok := visit(a, src.In)
					if !ok {
						return nil, false
					}
					alts = crossPaths(alts, tails)
					if len(alts) > maxElemPaths {
						return nil, false
					}
				}
				delete(onStack, x)
			default:
				return nil, false
			}
			for _, path := range alts {
				out = addPath(out, path)
			}
			if len(out) > maxElemPaths {
				return nil, false
			}
		}
		memo[key{v, in.Key()}] = out
		return out, true
	}
	return visit(v, in)
}

// crossPaths returns every head followed by every tail, each list once.
func crossPaths(heads, tails [][]Source) [][]Source {
	var out [][]Source
	for _, h := range heads {
		for _, t := range tails {
			out = addPath(out, append(slices.Clip(h), t...))
		}
	}
	return out
}

// addPath adds path to paths unless it is there already.
func addPath(paths [][]Source, path []Source) [][]Source {
	same := func(a, b Source) bool { return a.Value == b.Value && a.In.Key() == b.In.Key() }
	for _, q := range paths {
		if slices.EqualFunc(q, path, same) {
			return paths
		}
	}
	return append(paths, path)
}
