package engine

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// What a field of a struct the package makes holds, read from its
// writes: the walk starts at the struct's address and follows it where
// Uses follows a value (copies, variables, closures, the package's
// fields and variables whose every write is visible, out of a helper's
// return to the call the walk came through), and into the functions of
// the package it is handed to, through their parameter:
//
//	c := &http.Client{}
//	configure(c)   // func configure(c *http.Client) { c.Transport = rt }
//	c.Do(req)      // Transport: rt
//
// Any other use may write the field out of sight: its values are then
// unknown, never the writes seen so far. Which uses keep it in sight
// depends on what the struct is (escape).

// escape is the rule a field walk keeps a struct's field in sight by.
type escape uint8

const (
	// kept: a struct value the package keeps to itself, a configuration
	// in a package variable (globalfields.go). Only its fields, copies
	// and the package's functions may touch it, and every write of it
	// whole must name the field: a field left zero has no value the
	// engine names.
	kept escape = iota
	// live: an object library code runs as well, an *http.Client or a
	// transport (FieldValues). Calls of its own methods keep its
	// configuration fields (c.Do reads Transport; a nil field a method
	// fills with a default is the default the catalog describes); an
	// interface with methods holding it (the Transport field holding a
	// transport) runs its methods and cannot write its fields without
	// asserting its type back; what the callers of a function returning
	// it write, other than the one the walk came through, is not read.
	live
)

// fieldWalk collects the values written to field idx.
type fieldWalk struct {
	p    *Program
	idx  int
	rule escape
	vals []ssa.Value
	// seen is false once a use may write the field out of sight.
	seen bool
	done map[walkKey]bool
}

// maxWalks bounds the addresses one walk reads (the allocation, copies
// in helpers, literals written whole); a struct handed further is out of
// sight.
const maxWalks = 32

type walkKey struct {
	v  ssa.Value
	in FrameKey
}

func (p *Program) newFieldWalk(idx int, rule escape) *fieldWalk {
	return &fieldWalk{p: p, idx: idx, rule: rule, seen: true, done: map[walkKey]bool{}}
}

// walk reads the uses of addr, the address of the struct (an
// allocation, or the parameter of a function it is handed to).
func (w *fieldWalk) walk(addr Source) {
	k := walkKey{addr.Value, addr.In.Key()}
	if w.done[k] {
		return
	}
	if len(w.done) >= maxWalks {
		w.seen = false
		return
	}
	w.done[k] = true
	for _, u := range w.p.Uses(addr) {
		if !w.seen {
			return
		}
		w.seen = w.inSight(u)
	}
}

// inSight reads one use of the struct's address, or of a copy of it,
// and reports whether it keeps the field's writes in sight.
func (w *fieldWalk) inSight(u Use) bool {
	t := u.Value.Type()
	if types.IsInterface(t) {
		return w.held(u)
	}
	if ptr, ok := t.Underlying().(*types.Pointer); ok {
		switch ptr.Elem().Underlying().(type) {
		case *types.Pointer, *types.Interface:
			return false // a variable holding the address, handed on
		}
	}
	switch x := u.Instr.(type) {
	case *ssa.FieldAddr:
		return x.Field != w.idx || w.fieldAddr(x)
	case *ssa.UnOp, *ssa.BinOp:
		return true // *c, a copy of the struct; c == nil
	case *ssa.Store:
		return x.Addr == u.Value && x.Val != u.Value && w.whole(x, u.In) // *c = T{...}
	case ssa.CallInstruction:
		return w.call(x, u.Value, u.In)
	case *ssa.Return:
		return w.rule == live
	}
	return false // kept where the walk does not follow: a map, a channel, another package's field
}

// held reads a use of the address held as an interface.
func (w *fieldWalk) held(u Use) bool {
	it, _ := u.Value.Type().Underlying().(*types.Interface)
	if w.rule != live || it == nil || it.NumMethods() == 0 {
		return false // any: reflection writes fields (json.Unmarshal(b, &cfg))
	}
	switch x := u.Instr.(type) {
	case *ssa.TypeAssert:
		return types.IsInterface(x.AssertedType)
	case ssa.CallInstruction:
		return w.call(x, u.Value, u.In)
	}
	return true
}

// fieldAddr reads the uses of the field's address: a store is a value,
// a load reads it, anything else (&c.Transport handed on) may write it.
func (w *fieldWalk) fieldAddr(fa *ssa.FieldAddr) bool {
	for _, r := range *fa.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != ssa.Value(fa) {
				return false // the field's address stored somewhere
			}
			w.vals = append(w.vals, r.Val)
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return false // &cfg.Backoff handed on, cfg.Backoff.Method()
		}
	}
	return true
}

// whole reads a write of the struct whole, *c = v: the zero value, or
// the value of a local (a composite literal), whose own writes are then
// read. A kept struct's field must be named by it. One whose field is
// written again at once (overwritten) writes nothing to it.
func (w *fieldWalk) whole(st *ssa.Store, in *Frame) bool {
	if overwritten(st, w.idx) {
		return true
	}
	n := len(w.vals)
	switch v := st.Val.(type) {
	case *ssa.Const:
	case *ssa.UnOp:
		a, ok := v.X.(*ssa.Alloc)
		if !ok || v.Op != token.MUL {
			return false
		}
		w.walk(Source{a, in})
	default:
		return false // a struct from elsewhere: *base
	}
	return w.seen && (w.rule == live || len(w.vals) > n)
}

// overwritten reports whether a store to field idx follows a whole write
// in its block, before anything else uses the struct: the copy of a
// client given its own transport.
//
//	clientCopy := *client                // client's Transport, unknown
//	clientCopy.Transport = trCopy        // overwritten
//
// Between them, the struct's address may only select its other fields;
// no call may run at all when it is a package variable, which any
// function may read.
func overwritten(st *ssa.Store, idx int) bool {
	_, global := st.Addr.(*ssa.Global)
	instrs := st.Block().Instrs
	var ops []*ssa.Value
	for _, in := range instrs[slices.Index(instrs, ssa.Instruction(st))+1:] {
		if fa, ok := in.(*ssa.FieldAddr); ok && fa.X == st.Addr {
			if fa.Field == idx {
				// The address the next store writes (the value is
				// computed after it), or a load of the copied value.
				return slices.ContainsFunc(*fa.Referrers(), func(r ssa.Instruction) bool {
					s, ok := r.(*ssa.Store)
					return ok && s.Addr == ssa.Value(fa) && s.Block() == st.Block()
				})
			}
			continue
		}
		if _, call := in.(ssa.CallInstruction); call && global {
			return false
		}
		if _, debug := in.(*ssa.DebugRef); !debug && slices.ContainsFunc(in.Operands(ops[:0]), func(op *ssa.Value) bool { return *op == st.Addr }) {
			return false
		}
	}
	return false
}

// call reads a call the address is handed to. A function of the package
// is read through its parameter, in the frame of the call; the code of
// another package keeps a live struct's field only as its own method's
// receiver, or when it is held as an interface.
func (w *fieldWalk) call(c ssa.CallInstruction, v ssa.Value, in *Frame) bool {
	cc := c.Common()
	fn := cc.StaticCallee()
	if !w.p.own(fn) {
		return w.rule == live && (types.IsInterface(v.Type()) || receiverOnly(cc, v))
	}
	// The frame of the call, whose result a returned parameter is; none
	// for go and defer, nor for a recursion (the callee is being read,
	// but v may be another of its parameters).
	var fr *Frame
	if call, ok := c.(*ssa.Call); ok {
		f, how := w.p.enter(call, in)
		if how == tooDeep {
			return false
		}
		fr = f
	}
	for i, a := range cc.Args {
		if a == v && i < len(fn.Params) {
			w.walk(Source{fn.Params[i], fr})
		}
	}
	return w.seen
}
