package engine

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A package-level map written once, as a literal of constant keys, and
// only read afterwards is a table the decision looks up:
//
//	var retryableCodes = map[codes.Code]bool{codes.Unavailable: true, codes.PermissionDenied: true}
//	...
//	if !retryableCodes[status.Code(err)] { return err }
//
// The lookup of a known key is folded: its value, or the zero value
// when the key is absent; `_, ok := m[k]` says whether it is there.

// MapEntry is an entry of a constant map.
type MapEntry struct{ Key, Value *ssa.Const }

// ConstMap returns the entries of such a map (a status, a code or a
// method for a key), or false when the variable is written anywhere but
// in the package's initializer, is handed on, or a key or value is not a
// constant.
func (p *Program) ConstMap(g *ssa.Global) ([]MapEntry, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.maps == nil {
		p.maps = map[*ssa.Global][]MapEntry{}
	}
	if m, ok := p.maps[g]; ok {
		return m, m != nil
	}
	m := p.readConstMap(g)
	p.maps[g] = m
	return m, m != nil
}

func (p *Program) readConstMap(g *ssa.Global) []MapEntry {
	init := p.ssa.Func("init")
	var made *ssa.MakeMap
	fns := []*ssa.Function{init}
	for _, fn := range p.funcs {
		fns = append(fns, fn)
	}
	for _, fn := range fns {
		if fn == nil {
			continue
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch in := in.(type) {
				case *ssa.Store:
					if in.Addr != g {
						continue
					}
					mm, ok := in.Val.(*ssa.MakeMap)
					if fn != init || !ok || made != nil {
						return nil // written again
					}
					made = mm
				case *ssa.UnOp:
					if in.X == g && !onlyLookedUp(in) {
						return nil // the map handed on: it may be written
					}
				}
			}
		}
	}
	if made == nil {
		return nil
	}
	out := []MapEntry{}
	for _, r := range *made.Referrers() {
		switch r := r.(type) {
		case *ssa.MapUpdate:
			k, ok := r.Key.(*ssa.Const)
			v, vok := r.Value.(*ssa.Const)
			if !ok || !vok || k.Value == nil {
				return nil
			}
			if k.Value.Kind() == constant.Int {
				if _, exact := constant.Int64Val(k.Value); !exact {
					return nil
				}
			}
			out = append(out, MapEntry{Key: k, Value: v})
		case *ssa.Store, *ssa.DebugRef:
		default:
			return nil
		}
	}
	return out
}

// onlyLookedUp reports a load of a map variable used only for lookups
// and len.
func onlyLookedUp(load *ssa.UnOp) bool {
	for _, r := range *load.Referrers() {
		switch r := r.(type) {
		case *ssa.Lookup, *ssa.DebugRef:
		case *ssa.Call:
			if b, ok := r.Call.Value.(*ssa.Builtin); !ok || b.Name() != "len" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// lookup folds m[k] (commaOk: the ok of `v, ok := m[k]`) for a constant
// map and a known key; otherwise the value depends on the key.
func (w *walker) lookup(l *ssa.Lookup, commaOk bool, upto int) Val {
	key := w.eval(l.Index, upto)
	load, ok := l.X.(*ssa.UnOp)
	if !ok || key.Kind != Int || !key.Exact {
		return unknown(key.Related)
	}
	g, ok := load.X.(*ssa.Global)
	if !ok {
		return unknown(key.Related)
	}
	m, ok := w.p.ConstMap(g)
	if !ok {
		return unknown(key.Related)
	}
	var v ssa.Value
	found := false
	for _, e := range m {
		if e.Key.Value.Kind() != constant.Int {
			return unknown(key.Related) // a table of names, not of numbers
		}
		if n, _ := constant.Int64Val(e.Key.Value); n == key.N {
			v, found = e.Value, true
		}
	}
	switch {
	case commaOk:
		return boolVal(triOf(found), false)
	case found:
		return w.eval(v, upto)
	}
	if mt, ok := l.X.Type().Underlying().(*types.Map); ok && isBool(mt.Elem()) {
		return boolVal(catalog.TriNo, false) // absent: false
	}
	return unknown(key.Related)
}
