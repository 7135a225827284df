package engine

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// An attempt may keep its outcome in a field the loop tests instead of
// returning it: the connection it dialled, or a flag it sets beside the
// error it returns (bookingcom/nanotube#32, a relay's reconnect):
//
//	for wait := time.Duration(0); h.Conn == nil; {
//		time.Sleep(wait)
//		wait = min(2*wait+10*time.Millisecond, 5*time.Second)
//		h.connect() // h.Conn = conn when the dial works; nil when it fails
//	}
//
//	for !c.connected {                  for c.conn == nil {
//		if err := c.connect(); ...          c.conn, err = net.Dial("tcp", addr)
//
// After a call of a function of the package that the scenario decides,
// handed the value the field is read through (h, or &h.Conn), the field
// holds what the function's body leaves in it when every call there
// ends as the attempt did: at each of its returns, the last store to
// the field on the way, made in the body or in a function of the
// package the body hands the field's owner to, one call down. A way
// that stores nothing leaves the field as it was: unknown. A store on
// the walk's own path through the same value is read as a local's is.
// Another call handed the owner may write it too, so the field is then
// unknown, and so it is past a function value or an interface method
// handed it.

// A fieldPath is a field reached from a value through fields: h.Conn.Conn
// is h with (Host.Conn, Connection.Conn).
type fieldPath struct {
	root   ssa.Value
	fields []*types.Var
}

// pathOf returns the path of an address: a chain of field selections
// from a root (the root alone when addr is no field's address), and
// false past an element of an array or slice.
func pathOf(addr ssa.Value) (fieldPath, bool) {
	var fields []*types.Var
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			f := fieldOf(a)
			if f == nil {
				return fieldPath{}, false
			}
			fields = append(fields, f)
			addr = a.X
			continue
		case *ssa.IndexAddr:
			return fieldPath{}, false
		}
		break
	}
	slices.Reverse(fields)
	return fieldPath{root: addr, fields: fields}, true
}

// is reports whether addr is the address of the field at path.
func (path fieldPath) is(addr ssa.Value) bool {
	q, ok := pathOf(addr)
	return ok && q.root == path.root && slices.Equal(q.fields, path.fields)
}

// handed returns the index of the operand of a call (its receiver and
// arguments, Operands without the function value) whose path leads to
// path, with the fields left below it, or -1. A closure handed the root
// in its bindings is handed it too (index len(Args)): its body is not
// read.
func handed(cc *ssa.CallCommon, path fieldPath) (int, []*types.Var) {
	ops := cc.Args
	if cc.IsInvoke() {
		ops = append([]ssa.Value{cc.Value}, ops...)
	}
	for i, a := range ops {
		p, ok := pathOf(a)
		if ok && p.root == path.root && len(p.fields) <= len(path.fields) && slices.Equal(p.fields, path.fields[:len(p.fields)]) {
			if cc.IsInvoke() {
				return len(cc.Args), nil // an interface method: its body is not read
			}
			return i, path.fields[len(p.fields):]
		}
	}
	if mc, ok := cc.Value.(*ssa.MakeClosure); ok && slices.ContainsFunc(mc.Bindings, func(b ssa.Value) bool { return base(b) == path.root }) {
		return len(cc.Args), nil
	}
	return -1, nil
}

// keepsOutcome reports whether a field can hold an attempt's outcome: a
// nilable value (a connection) or a bool (connected).
func keepsOutcome(f *types.Var) bool {
	return f != nil && (nilable(f.Type()) || isBool(f.Type()))
}

// storedOutcome returns what a load of field address fa reads after a
// call the scenario decides that writes it, or a store on the path
// before the load, and false when there is none.
func (w *walker) storedOutcome(load *ssa.UnOp, fa *ssa.FieldAddr, upto int) (Val, bool) {
	if !keepsOutcome(fieldOf(fa)) || len(w.p.FieldStores(fieldOf(fa))) == 0 {
		return Val{}, false // nothing of the package writes it
	}
	path, ok := pathOf(fa)
	if !ok || !w.steady(path.root) {
		return Val{}, false
	}
	return w.leftAt(load, upto, path)
}

// steady reports whether a root is one value on every round of the
// walk's loop: made before it, a parameter, a captured variable. A value
// made in the loop is another one each round, and a store through it
// says nothing of the next.
func (w *walker) steady(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Parameter, *ssa.FreeVar, *ssa.Global:
		return true
	case ssa.Instruction:
		return w.r.loop == nil || !w.r.loop.Has(v.Block())
	}
	return false
}

// leftAt returns what the field at path holds when the walk reaches
// instruction at: the latest store to it on the path, or what a call the
// scenario decides left in it; false when neither comes first.
func (w *walker) leftAt(at ssa.Instruction, upto int, path fieldPath) (Val, bool) {
	var out Val
	found := false
	w.backFrom(at, upto, func(in ssa.Instruction, k int) bool {
		switch in := in.(type) {
		case *ssa.Store:
			if path.is(in.Addr) {
				out, found = w.eval(in.Val, k+1), true
				return false
			}
		case ssa.CallInstruction:
			i, rest := handed(in.Common(), path)
			if i < 0 {
				return true
			}
			o, decided := w.sc.outcome(in)
			if !decided && w.sc.All != nil {
				o, decided = *w.sc.All, true
			}
			if c, ok := in.(*ssa.Call); ok && decided && i < len(c.Call.Args) {
				out, found = w.leftBy(c, i, rest, o, k+1)
			}
			return false // another call handed the field's owner may write it
		}
		return true
	})
	return out, found
}

// leftBy returns what a call of a function of the package, with the
// given outcome, leaves in the field at fields below its argument i.
func (w *walker) leftBy(c *ssa.Call, i int, fields []*types.Var, o Outcome, upto int) (Val, bool) {
	callee := c.Call.StaticCallee()
	if w.depth >= maxDepth || !w.p.own(callee) || len(callee.Params) != len(c.Call.Args) {
		return Val{}, false
	}
	params := &binding{params: callee.Params, vals: make([]Val, len(c.Call.Args))}
	for j, a := range c.Call.Args {
		params.vals[j] = w.eval(a, upto)
	}
	sc := &Scenario{All: &o, Cancel: w.sc.Cancel, Deadline: w.sc.Deadline} // every call of the body ends as the attempt did
	sub := &walker{p: w.p, r: &Region{p: w.p, fn: callee}, sc: sc, out: &Walk{}, params: params, depth: w.depth + 1,
		field: &fieldPath{root: callee.Params[i], fields: fields}}
	sub.path = []*ssa.BasicBlock{callee.Blocks[0]}
	sub.block(callee.Blocks[0], 0, false)
	w.evals += sub.evals
	if sub.void || len(sub.returns) == 0 {
		return Val{}, false
	}
	if !slices.ContainsFunc(sub.returns, func(v Val) bool { return v.Kind != NonNil || v.Status }) {
		return Val{Kind: NonNil}, true // a connection on every way
	}
	return join(sub.returns), true
}

// fieldAtReturn is, for a body read by leftBy, what the field holds at
// one of its returns.
func (w *walker) fieldAtReturn(in *ssa.Return) Val {
	if v, ok := w.leftAt(in, len(w.path), *w.field); ok {
		return v
	}
	return unknown(false) // as it was
}

// RecordsOutcome reports whether a call of a function of the package
// writes, through what it is handed, directly or one call down, a field
// that can keep an outcome and that a way out of the region tests: the
// call may record its outcome there (storedOutcome reads what it
// records).
func (r *Region) RecordsOutcome(c *ssa.Call) bool {
	if r.loop == nil || !r.p.own(c.Call.StaticCallee()) {
		return false
	}
	for _, cond := range r.Exits() {
		if slices.ContainsFunc(testedFields(cond), func(path fieldPath) bool { return r.p.writesVia(c, path) }) {
			return true
		}
	}
	return false
}

// writesVia reports whether a call of a function of the package writes
// the field at path through what it is handed, in the callee's body or
// one call down.
func (p *Program) writesVia(c *ssa.Call, path fieldPath) bool {
	i, rest := handed(&c.Call, path)
	return i >= 0 && i < len(c.Call.Args) && p.writes(c.Call.StaticCallee(), i, rest, 2)
}

// recorded reports whether the field a load reads in a test of the
// region is one an attempt call records its outcome in, or one the loop
// stores an attempt's result in (c.conn, err = net.Dial(...)).
func (r *Region) recorded(fa *ssa.FieldAddr, attempt []ssa.CallInstruction) bool {
	if r.loop == nil || !keepsOutcome(fieldOf(fa)) {
		return false
	}
	path, ok := pathOf(fa)
	if !ok {
		return false
	}
	for _, st := range r.p.FieldStores(fieldOf(fa)) {
		if r.loop.Has(st.Block()) && path.is(st.Addr) && isOutcomeValue(Strip(st.Val), attempt) {
			return true
		}
	}
	return slices.ContainsFunc(attempt, func(a ssa.CallInstruction) bool {
		c, ok := a.(*ssa.Call)
		return ok && r.p.writesVia(c, path)
	})
}

// testedFields returns the fields a condition loads: h.Conn in h.Conn
// == nil, connected in !c.connected.
func testedFields(cond ssa.Value) []fieldPath {
	var out []fieldPath
	var visit func(v ssa.Value)
	visit = func(v ssa.Value) {
		switch v := v.(type) {
		case *ssa.BinOp:
			visit(v.X)
			visit(v.Y)
		case *ssa.UnOp:
			if fa, ok := v.X.(*ssa.FieldAddr); ok && keepsOutcome(fieldOf(fa)) {
				if p, ok := pathOf(fa); ok {
					out = append(out, p)
				}
				return
			}
			visit(v.X)
		}
	}
	visit(cond)
	return out
}

// writes reports whether fn, a function of the package, stores into the
// field at fields below its parameter i, in its body or, depth calls
// down, in a function of the package it hands the field's owner to.
func (p *Program) writes(fn *ssa.Function, i int, fields []*types.Var, depth int) bool {
	if depth == 0 || !p.own(fn) || i >= len(fn.Params) {
		return false
	}
	path := fieldPath{root: fn.Params[i], fields: fields}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.Store:
				if path.is(in.Addr) {
					return true
				}
			case *ssa.Call:
				if j, rest := handed(&in.Call, path); j >= 0 && j < len(in.Call.Args) && p.writes(in.Call.StaticCallee(), j, rest, depth-1) {
					return true // h.Conn.New(conn): c.Conn = conn
				}
			}
		}
	}
	return false
}
