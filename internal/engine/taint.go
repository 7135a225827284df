package engine

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A Taint follows labelled values forward through one function and the
// closures written in it: a key made in an attempt, to the header it is
// sent in.
//
//	buf := make([]byte, 16)
//	rand.Read(buf)                           // Write(buf, l): what buf holds
//	key := hex.EncodeToString(buf)           // a call given a tainted value
//	o := &Order{ID: "o-1", Key: key}         // the field Key, not ID
//	req.Header.Set("Idempotency-Key", o.Key) // OfExpr(o.Key) is l
//
// A value is tainted by what it is made of: the operands of arithmetic,
// conversions, slicing, indexing and field selection, a phi's edges, the
// receiver and arguments of a call (its results), a value a closure
// captures. Memory is followed by location: a tainted value stored in a
// variable, in a field (field by field, nested fields too) or in an
// element (an array, a slice or a map as a whole) taints what is loaded
// from there, in any function of the taint's region; a variable a closure
// captures is one location. Locations are named by the allocations
// Sources finds, so two pointers to one struct share its fields. Writing
// a field does not taint the struct read as a whole: a struct copied
// (info := T{Key: k}, through a variable or a phi) carries the taint of
// its fields to the copy's fields, and nothing else. What a callee does
// with a value it is given is not followed.
//
// The first label to reach a value is its label: Seed and Write in the
// order the labels should win.
type Taint[T comparable] struct {
	p    *Program
	keep func(v ssa.Value, label T) bool
	// vals are the values made of a tainted one; cont the references
	// (pointers, slices, maps) whose content is tainted.
	vals, cont map[ssa.Value]T
	locs       map[loc]T
	// byRoot indexes the references the region uses by the root of
	// their locations; memo holds the locations of a reference.
	byRoot map[ssa.Value][]ref
	memo   map[ssa.Value][]loc
	exprs  map[ast.Expr]ssa.Value
	work   []ssa.Value
	// fields are the struct values with tainted fields (path, label);
	// parts the ones to follow.
	fields map[ssa.Value]map[string]T
	parts  []part[T]
}

// part is a struct value with one tainted field (path "1." of it).
type part[T comparable] struct {
	v     ssa.Value
	path  string
	label T
}

// loc is a location: a variable or an allocation, and the fields
// selected in it ("2.0." is field 0 of field 2; "" the whole).
type loc struct {
	root ssa.Value
	path string
}

type ref struct {
	path string
	v    ssa.Value
}

// NewTaint returns a taint over fn and the closures written in it. keep,
// when not nil, may refuse a value the taint would reach: it is then not
// tainted by that label, nor is anything made of it through it.
func NewTaint[T comparable](p *Program, fn *ssa.Function, keep func(v ssa.Value, label T) bool) *Taint[T] {
	t := &Taint[T]{p: p, keep: keep, vals: map[ssa.Value]T{}, cont: map[ssa.Value]T{}, locs: map[loc]T{},
		byRoot: map[ssa.Value][]ref{}, memo: map[ssa.Value][]loc{}, exprs: map[ast.Expr]ssa.Value{},
		fields: map[ssa.Value]map[string]T{}}
	indexed := map[ssa.Value]bool{}
	addr := map[ast.Expr]bool{} // the expressions whose value is, so far, their address
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if d, ok := in.(*ssa.DebugRef); ok {
					if _, seen := t.exprs[d.Expr]; !seen || addr[d.Expr] && !d.IsAddr {
						t.exprs[d.Expr], addr[d.Expr] = d.X, d.IsAddr
					}
					continue
				}
				for _, op := range in.Operands(nil) {
					v := *op
					if v == nil || indexed[v] || !isRef(v.Type()) {
						continue
					}
					indexed[v] = true
					for _, l := range t.locsOf(v) {
						t.byRoot[l.root] = append(t.byRoot[l.root], ref{l.path, v})
					}
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	if fn != nil {
		visit(fn)
	}
	return t
}

// Seed taints v with label, and what is made of it.
func (t *Taint[T]) Seed(v ssa.Value, label T) {
	t.mark(v, label)
	t.drain()
}

// Write taints what v refers to with label: the array a slice holds, the
// variable a pointer points to (rand.Read(buf) fills buf).
func (t *Taint[T]) Write(v ssa.Value, label T) {
	t.write(v, label)
	t.drain()
}

func (t *Taint[T]) write(v ssa.Value, label T) {
	for _, l := range t.locsOf(v) {
		t.taintLoc(l, label)
	}
}

// Of returns the label of v, when it is tainted: made of a tainted value,
// or a reference to a tainted location.
func (t *Taint[T]) Of(v ssa.Value) (T, bool) {
	if l, ok := t.vals[v]; ok {
		return l, true
	}
	if l, ok := t.cont[v]; ok {
		return l, true
	}
	if v != nil && isRef(v.Type()) {
		for _, l := range t.locsOf(v) {
			if lb, ok := t.tainted(l); ok {
				return lb, true
			}
		}
	}
	var zero T
	return zero, false
}

// Value returns the value of an expression of the region, as its debug
// references give it, or nil (a constant, an expression outside it).
func (t *Taint[T]) Value(e ast.Expr) ssa.Value { return t.exprs[ast.Unparen(e)] }

// OfExpr returns the label of the value of an expression of the region.
func (t *Taint[T]) OfExpr(e ast.Expr) (T, bool) {
	if v := t.Value(e); v != nil {
		return t.Of(v)
	}
	var zero T
	return zero, false
}

// tainted returns the label of a location or of one holding it.
func (t *Taint[T]) tainted(l loc) (T, bool) {
	path := l.path
	for {
		if lb, ok := t.locs[loc{l.root, path}]; ok {
			return lb, true
		}
		if path == "" {
			var zero T
			return zero, false
		}
		path = path[:strings.LastIndex(path[:len(path)-1], ".")+1]
	}
}

func (t *Taint[T]) mark(v ssa.Value, label T) {
	if v == nil {
		return
	}
	if _, ok := t.vals[v]; ok {
		return
	}
	if t.keep != nil && !t.keep(v, label) {
		return
	}
	t.vals[v] = label
	t.work = append(t.work, v)
}

func (t *Taint[T]) contaminate(v ssa.Value, label T) {
	if _, ok := t.cont[v]; ok {
		return
	}
	if _, ok := t.vals[v]; ok {
		return
	}
	t.cont[v] = label
	t.work = append(t.work, v)
}

func (t *Taint[T]) taintLoc(l loc, label T) {
	if _, ok := t.locs[l]; ok {
		return
	}
	t.locs[l] = label
	for _, r := range t.byRoot[l.root] {
		switch {
		case strings.HasPrefix(r.path, l.path):
			t.contaminate(r.v, label)
		case strings.HasPrefix(l.path, r.path):
			// A struct holding the field, loaded whole: the field of
			// the copy.
			if refs := r.v.Referrers(); refs != nil {
				for _, u := range *refs {
					if u, ok := u.(*ssa.UnOp); ok && u.Op == token.MUL && u.X == r.v {
						t.field(u, l.path[len(r.path):], label)
					}
				}
			}
		}
	}
}

// field records that a struct value has a tainted field.
func (t *Taint[T]) field(v ssa.Value, path string, label T) {
	m := t.fields[v]
	if m == nil {
		m = map[string]T{}
		t.fields[v] = m
	}
	if _, ok := m[path]; ok {
		return
	}
	m[path] = label
	t.parts = append(t.parts, part[T]{v, path, label})
}

func (t *Taint[T]) drain() {
	for len(t.work) > 0 || len(t.parts) > 0 {
		if len(t.work) > 0 {
			v := t.work[len(t.work)-1]
			t.work = t.work[:len(t.work)-1]
			t.step(v)
			continue
		}
		p := t.parts[len(t.parts)-1]
		t.parts = t.parts[:len(t.parts)-1]
		t.stepField(p)
	}
}

// stepField follows a struct value with a tainted field: stored, it
// taints that field of the destination; its field read is tainted; a
// phi of it has the field tainted too.
func (t *Taint[T]) stepField(p part[T]) {
	refs := p.v.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Val == p.v {
				for _, l := range t.locsOf(r.Addr) {
					t.taintLoc(loc{l.root, l.path + p.path}, p.label)
				}
			}
		case *ssa.Field:
			f := strconv.Itoa(r.Field) + "."
			if p.path == f {
				t.mark(r, p.label)
			} else if strings.HasPrefix(p.path, f) {
				t.field(r, p.path[len(f):], p.label)
			}
		case *ssa.Phi:
			t.field(r, p.path, p.label)
		}
	}
}

// step taints what the instructions using v make of it.
func (t *Taint[T]) step(v ssa.Value) {
	label, isVal := t.vals[v]
	if !isVal {
		label = t.cont[v]
	}
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Val == v && isVal {
				t.write(r.Addr, label)
			}
		case *ssa.MapUpdate:
			if (r.Key == v || r.Value == v) && isVal {
				t.write(r.Map, label)
			}
		case *ssa.Call:
			cc := r.Common()
			if cc.Value != v || cc.IsInvoke() {
				t.mark(r, label)
			}
		case *ssa.MakeClosure:
			if isVal {
				t.mark(freeVar(r, v), label)
			}
		case *ssa.UnOp:
			if r.Op == token.MUL || isVal {
				t.mark(r, label) // a load of what v points to, or -x, ^x
			}
		case *ssa.Lookup:
			if r.X == v {
				t.mark(r, label) // m[k], s[i] of a tainted map or string
			}
		case *ssa.MakeInterface, *ssa.ChangeType, *ssa.Convert, *ssa.ChangeInterface, *ssa.SliceToArrayPointer, *ssa.MultiConvert:
			// A reference made from a reference shares its locations;
			// string(buf) or any(buf) is a value made of what buf holds.
			if isVal || !isRef(r.(ssa.Value).Type()) {
				t.mark(r.(ssa.Value), label)
			}
		case *ssa.Index, *ssa.Field:
			if isVal {
				t.mark(r.(ssa.Value), label)
			}
		case ssa.Value:
			// Phis, arithmetic, slicing, field and element addresses,
			// extracts, type assertions: made of v when v itself is
			// tainted; a reference whose content is has its own
			// locations.
			if isVal {
				t.mark(r, label)
			}
		}
	}
}

// locsOf returns the locations a reference refers to.
func (t *Taint[T]) locsOf(v ssa.Value) []loc {
	if ls, ok := t.memo[v]; ok {
		return ls
	}
	t.memo[v] = nil // a cycle through phis ends here
	var out []loc
	switch a := v.(type) {
	case *ssa.FieldAddr:
		for _, l := range t.locsOf(a.X) {
			out = append(out, loc{l.root, l.path + strconv.Itoa(a.Field) + "."})
		}
	case *ssa.IndexAddr:
		out = t.locsOf(a.X)
	case *ssa.Slice:
		out = t.locsOf(a.X)
	case *ssa.Alloc, *ssa.Global:
		out = []loc{{root: v}}
	case *ssa.FreeVar:
		if b := Binding(a); b != nil {
			out = t.locsOf(b)
		} else {
			out = []loc{{root: v}}
		}
	default:
		for _, s := range t.p.Sources(v) {
			if s == v {
				out = append(out, loc{root: v})
			} else {
				out = append(out, t.locsOf(s)...)
			}
		}
	}
	t.memo[v] = out
	return out
}

// isRef reports types whose values refer to memory: pointers, slices and
// maps.
func isRef(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	}
	return false
}

// Exprs returns the expressions a value of a function built in debug
// mode is the value of: the call or operator that makes it, the uses of
// a variable holding it, and the left-hand sides it is assigned to (key
// in key = uuid.NewString()).
func Exprs(v ssa.Value) []ast.Expr {
	var out []ast.Expr
	if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			if d, ok := r.(*ssa.DebugRef); ok && !d.IsAddr {
				out = append(out, d.Expr)
			}
		}
	}
	return out
}

// Lineage returns the values v is made from: its Sources, and back
// through the calls that pass a value on, as through says
// (req.WithContext(ctx) passes req, a builder's SetHeader its receiver),
// their Sources in turn. A result of a tuple is followed to its call. A
// helper of the package is read in the frame of its call (SourcesIn), so
// that what it passes on from its parameter is the call's argument:
//
//	func cloneRequest(req *http.Request) *http.Request { return req.Clone(req.Context()) }
//	attemptReq := cloneRequest(req) // Lineage: the Clone call, then req
func (p *Program) Lineage(v ssa.Value, through func(c *ssa.Call) []ssa.Value) []ssa.Value {
	type key struct {
		v  ssa.Value
		in FrameKey
	}
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	done := map[key]bool{}
	work := []Source{{v, nil}}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range p.SourcesIn(x.Value, x.In) {
			if k := (key{s.Value, s.In.Key()}); done[k] {
				continue
			} else {
				done[k] = true
			}
			if !seen[s.Value] {
				seen[s.Value] = true
				out = append(out, s.Value)
			}
			c, _ := s.Value.(*ssa.Call)
			if e, ok := s.Value.(*ssa.Extract); ok {
				c, _ = e.Tuple.(*ssa.Call)
			}
			if c != nil && through != nil {
				for _, w := range through(c) {
					work = append(work, Source{w, s.In})
				}
			}
		}
	}
	return out
}

// Copies returns the values v is a copy of in the code that shares its
// variables: through phis, conversions, and the variables kept in
// memory or captured by closures (what is stored to them). Unlike
// Sources it follows no call and no field, so that each value it returns
// is made where the code holding v made it:
//
//	tx, err := db.BeginTx(ctx, nil)   // Copies(tx) at its use: this call
//	tx := s.begin(ctx)                // this call, not the BeginTx inside begin
func Copies(v ssa.Value) []ssa.Value { return closure(v, copied) }

// copied returns the values v is a copy of, or v itself when it is made
// here.
func copied(v ssa.Value) []ssa.Value {
	if from, ok := sameValue(v); ok {
		return from
	}
	if x, ok := v.(*ssa.UnOp); ok {
		if addr, ok := loadOf(x); ok {
			var out []ssa.Value
			for _, st := range stores(addr) {
				out = append(out, st.Val)
			}
			if len(out) > 0 {
				return out
			}
		}
	}
	return []ssa.Value{v}
}

// sameValue returns the values v merely passes on: a phi's edges, the
// operand of a change of type or of a conversion to an interface.
func sameValue(v ssa.Value) ([]ssa.Value, bool) {
	switch x := v.(type) {
	case *ssa.Phi:
		return x.Edges, true
	case *ssa.ChangeType:
		return []ssa.Value{x.X}, true
	case *ssa.MakeInterface:
		return []ssa.Value{x.X}, true
	case *ssa.ChangeInterface:
		return []ssa.Value{x.X}, true
	}
	return nil, false
}

// closure returns what v is made of as defs gives it, step by step: the
// values defs returns as themselves.
func closure(v ssa.Value, defs func(ssa.Value) []ssa.Value) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	var visit func(v ssa.Value)
	visit = func(v ssa.Value) {
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		for _, d := range defs(v) {
			if d == v {
				out = append(out, v)
			} else {
				visit(d)
			}
		}
	}
	visit(v)
	return out
}
