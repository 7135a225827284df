package engine

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// Where a value comes from, as far as the package shows:
//
//	type store struct{ http *http.Client }
//	func newStore() *store { return &store{http: &http.Client{}} }
//	func (s *store) get(req *http.Request) { s.http.Do(req) }
//
// Sources of the client s.http.Do is called on: the &http.Client{} the
// constructor stores in the field, since the field is unexported and its
// every write is in the package. An exported field may be written by
// importers; its loads are sources themselves, which callers read as
// unknown.

// Sources returns the values v is made of: through phis, conversions,
// variables kept in memory (their stores), captured variables (what the
// enclosing function binds), the fields of this package whose every
// write is visible (FieldComplete), its package variables likewise
// (GlobalComplete), and the results of this package's
// functions (their returns). It stops at, and returns, what it cannot
// follow further: calls of other functions, constants, parameters,
// allocations, globals, loads of other fields.
func (p *Program) Sources(v ssa.Value) []ssa.Value { return closure(v, p.defs) }

// defs returns the values v is a copy or a merge of, or v itself when it
// is made here.
func (p *Program) defs(v ssa.Value) []ssa.Value {
	if from, ok := sameValue(v); ok {
		return from
	}
	switch x := v.(type) {
	case *ssa.Convert:
		if types.Identical(x.X.Type().Underlying(), x.Type().Underlying()) {
			return []ssa.Value{x.X}
		}
	case *ssa.FreeVar:
		if b := Binding(x); b != nil {
			return []ssa.Value{b}
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return p.loaded(x)
		}
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			if rs := p.returned(c, x.Index); rs != nil {
				return rs
			}
		}
	case *ssa.Call:
		if rs := p.returned(x, 0); rs != nil {
			return rs
		}
	}
	return []ssa.Value{v}
}

// loaded returns what a load reads: the values stored to a local or a
// captured variable, or to a field whose every write is visible.
func (p *Program) loaded(u *ssa.UnOp) []ssa.Value {
	var sts []*ssa.Store
	switch a := u.X.(type) {
	case *ssa.Alloc:
		sts = stores(a)
	case *ssa.FreeVar:
		if b := Binding(a); b != nil {
			sts = stores(b)
		}
	case *ssa.FieldAddr:
		if g, ok := a.X.(*ssa.Global); ok {
			if vals, ok := p.globalField(g, a.Field); ok {
				return vals // cfg.Backoff of var cfg = config{...}
			}
		}
		f := fieldOf(a)
		if f == nil || !p.FieldComplete(f) {
			return []ssa.Value{u}
		}
		sts = p.FieldStores(f)
	case *ssa.Global:
		if p.GlobalComplete(a) {
			sts = p.globalStores(a)
		}
	}
	if len(sts) == 0 {
		return []ssa.Value{u}
	}
	var out []ssa.Value
	for _, st := range sts {
		out = append(out, st.Val)
	}
	return out
}

// returned returns result i of the package's function a call makes, as
// its return statements give it, or nil.
func (p *Program) returned(c *ssa.Call, i int) []ssa.Value {
	return p.results(c.Call.StaticCallee(), i)
}

// results returns result i of a function of the package, as its return
// statements give it, or nil.
func (p *Program) results(fn *ssa.Function, i int) []ssa.Value {
	if !p.own(fn) {
		return nil
	}
	var out []ssa.Value
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(r.Results) {
			out = append(out, r.Results[i])
		}
	}
	return out
}

// fieldIndex is every store to a field in the package, and which fields
// have their address taken for anything but a load or a store.
type fieldIndex struct {
	stores  map[*types.Var][]*ssa.Store
	escapes map[*types.Var]bool
	globals *globalIndex // the same of package variables (globals.go)
}

func (p *Program) fields() *fieldIndex {
	p.fieldsOnce.Do(func() {
		p.build()
		x := &fieldIndex{stores: map[*types.Var][]*ssa.Store{}, escapes: map[*types.Var]bool{},
			globals: &globalIndex{stores: map[*ssa.Global][]*ssa.Store{}, loads: map[*ssa.Global][]ssa.Value{}, escapes: map[*ssa.Global]bool{}}}
		var ops []*ssa.Value
		for _, fn := range p.allFuncs() {
			for _, b := range fn.Blocks {
				for _, in := range b.Instrs {
					ops = x.globals.add(in, ops)
					fa, ok := in.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					f := fieldOf(fa)
					if f == nil {
						continue
					}
					for _, r := range *fa.Referrers() {
						switch r := r.(type) {
						case *ssa.Store:
							if r.Addr == fa {
								x.stores[f] = append(x.stores[f], r)
							} else {
								x.escapes[f] = true
							}
						case *ssa.UnOp, *ssa.DebugRef:
						default:
							x.escapes[f] = true // &s.f handed on
						}
					}
				}
			}
		}
		for _, sts := range x.stores {
			sort.Slice(sts, func(i, j int) bool { return sts[i].Pos() < sts[j].Pos() })
		}
		for _, sts := range x.globals.stores {
			sort.Slice(sts, func(i, j int) bool { return sts[i].Pos() < sts[j].Pos() })
		}
		p.fieldIdx = x
	})
	return p.fieldIdx
}

// FieldStores returns the stores to a field in the package's functions,
// struct literals included.
func (p *Program) FieldStores(f *types.Var) []*ssa.Store { return p.fields().stores[f] }

// FieldComplete reports whether every write to a field is in this
// package and visible: an unexported field of one of its structs whose
// address is only loaded or stored.
func (p *Program) FieldComplete(f *types.Var) bool {
	return f != nil && !f.Exported() && p.FieldWritesSeen(f)
}

// FieldWritesSeen reports whether every write to a field made by this
// package is visible: a field of one of its structs, exported or not,
// whose address is only loaded or stored. An exported one may still be
// written by importers.
func (p *Program) FieldWritesSeen(f *types.Var) bool {
	return f != nil && f.Pkg() == p.pkg && !p.fields().escapes[f]
}

// FieldLoads returns every read of a field in the package.
func (p *Program) FieldLoads(f *types.Var) []ssa.Value { return p.fieldLoads(f) }

// FieldOf returns the field a load or an address selects, or nil.
func FieldOf(v ssa.Value) *types.Var {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	if fa, ok := v.(*ssa.FieldAddr); ok {
		return fieldOf(fa)
	}
	return nil
}

// FromCaller reports whether v is what the function's caller handed it:
// a parameter, or a field read from one, also through a local that
// holds the parameter and nothing else (a parameter whose field is
// addressed). A helper returning it returns its caller's value:
//
//	func messageID(ev Event) string {
//		if ev.ID != "" {
//			return ev.ID // FromCaller
//		}
//		return uuid.NewString()
//	}
func FromCaller(v ssa.Value) bool {
	for {
		switch x := v.(type) {
		case *ssa.Parameter:
			return true
		case *ssa.Field:
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Alloc:
			sts := stores(x)
			for _, st := range sts {
				if _, ok := st.Val.(*ssa.Parameter); !ok {
					return false
				}
			}
			return len(sts) > 0
		default:
			return false
		}
	}
}
