package engine

import (
	"go/types"
	"slices"

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
// structs v points to, as far as the package shows: v's sources that are
// allocations the package makes (a composite literal, new(T), a local
// variable), and every write to their field the package shows (in the
// literal, by an assignment, in a function of the package the struct is
// handed to; fieldwalk.go). seen is false when some source of v is not
// such an allocation (a parameter, another package's result, an
// exported variable), or is handed to code that may write the field out
// of sight (another package's function, a map): what it holds is
// unknown, and not in vals.
func (p *Program) FieldValues(v ssa.Value, name string) (vals []ssa.Value, seen bool) {
	seen = true
	for _, src := range p.SourcesIn(v, nil) {
		a, ok := src.Value.(*ssa.Alloc)
		idx := -1
		if ok {
			idx = fieldNamed(a.Type(), name)
		}
		if idx < 0 {
			seen = false
			continue
		}
		w := p.newFieldWalk(idx, live)
		w.walk(src)
		if !w.seen {
			seen = false
			continue
		}
		for _, x := range w.vals {
			if !slices.Contains(vals, x) {
				vals = append(vals, x)
			}
		}
	}
	return vals, seen
}

// fieldNamed returns the index of the field named name of the struct
// ptr points to (not one promoted from an embedded struct), or -1.
func fieldNamed(ptr types.Type, name string) int {
	obj, index, _ := types.LookupFieldOrMethod(ptr, true, nil, name)
	if _, ok := obj.(*types.Var); !ok || len(index) != 1 {
		return -1
	}
	return index[0]
}

// Concrete returns the values of concrete type an interface value is
// made from: through the package's value flow (Sources), interface
// conversions and changes. nil constants are left out (a nil interface
// holds nothing). seen is false when some source is itself of interface
// type (a parameter, another package's result, http.DefaultTransport):
// its dynamic type is unknown, and not in vals.
func (p *Program) Concrete(v ssa.Value) (vals []ssa.Value, seen bool) {
	vals, opaque := p.dynamicSources(v)
	return vals, len(opaque) == 0
}

// Producers returns the functions of other packages whose interface
// results an interface value may be, where its every other source is of
// concrete type: a constructor that hides its type behind an interface,
//
//	func NewHTTPReader(url string) Reader { return &HTTPReader{...} }
//	c := &Client{reader: database.NewHTTPReader(url)}
//	r := c.reader; r.Read(ctx, id) // NewHTTPReader's result
//
// for the recognizer to read what its facts say of the result. ok is
// false when some source is of interface type and no such call.
func (p *Program) Producers(v ssa.Value) (fns []*ssa.Function, ok bool) {
	_, opaque := p.dynamicSources(v)
	for _, src := range opaque {
		call, _ := src.(*ssa.Call)
		if x, isExtract := src.(*ssa.Extract); isExtract {
			call, _ = x.Tuple.(*ssa.Call)
		}
		if call == nil || call.Call.StaticCallee() == nil {
			return nil, false
		}
		if fn := call.Call.StaticCallee(); !slices.Contains(fns, fn) {
			fns = append(fns, fn)
		}
	}
	return fns, len(fns) > 0
}

// dynamicSources walks an interface value's sources through conversions:
// vals are those of concrete type, opaque those of interface type.
func (p *Program) dynamicSources(v ssa.Value) (vals, opaque []ssa.Value) {
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
				opaque = append(opaque, src)
				continue
			}
			vals = append(vals, src)
		}
	}
	visit(v)
	return vals, opaque
}

// Methods returns the methods an interface method call runs, where the
// package shows every dynamic type the receiver can have: the method of
// the call's name of each concrete value Concrete finds. A decorator
// holding what it wraps in an unexported field the package's constructor
// fills is the common case:
//
//	type resilient struct{ inner Provider }
//	func New(cfg Config) Provider { return &resilient{inner: newOpenAI(cfg)} }
//	out, err := r.inner.Complete(ctx, prompt) // (*openAI).Complete
//
// ok is false for a static call, and when some dynamic type is unknown
// (the field is exported, set from a parameter, or by another package).
func (p *Program) Methods(c ssa.CallInstruction) (fns []*types.Func, ok bool) {
	cc := c.Common()
	if !cc.IsInvoke() {
		return nil, false
	}
	vals, seen := p.Concrete(cc.Value)
	if !seen || len(vals) == 0 {
		return nil, false
	}
	for _, v := range vals {
		obj, _, _ := types.LookupFieldOrMethod(v.Type(), true, cc.Method.Pkg(), cc.Method.Name())
		fn, isFunc := obj.(*types.Func)
		if !isFunc {
			return nil, false
		}
		if fn = fn.Origin(); !slices.Contains(fns, fn) {
			fns = append(fns, fn)
		}
	}
	return fns, true
}
