package engine

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// Deps is what a condition depends on, which tells a loop's decision
// (the attempt's outcome) from its limits (a counter, the context, the
// clock).
type Deps struct {
	// Outcome: the results of the attempt's calls.
	Outcome bool
	// Ctx: a context (ctx.Err(), <-ctx.Done(), a context variable) or a
	// channel that may be closed to stop (stopCh).
	Ctx bool
	// Time: the clock (time.Since(start) > limit, a deadline variable).
	Time bool
	// Other: some other variable: a counter, a flag, a field.
	Other bool
	// Calls are the calls the condition makes on the way, for the
	// recognizer to look up (a loop driver: for r.Wait(ctx)).
	Calls []ssa.CallInstruction
}

// DepsOf returns what v depends on in the region, the attempt being the
// given calls.
func (r *Region) DepsOf(v ssa.Value, attempt []ssa.CallInstruction) Deps {
	d := &Deps{}
	seen := map[ssa.Value]bool{}
	var visit func(v ssa.Value)
	leaf := func(t types.Type) {
		switch {
		case isErrorType(t):
		case IsContext(t):
			d.Ctx = true
		case analysisutil.Named(t, "time", "Time"), analysisutil.Named(t, "time", "Duration"):
			d.Time = true
		case isChan(t):
			d.Ctx = true // a stop or done channel cancels
		default:
			d.Other = true
		}
	}
	visit = func(v ssa.Value) {
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Const, *ssa.Function, *ssa.Builtin:
		case *ssa.Call:
			if slices.Contains(attempt, ssa.CallInstruction(v)) {
				d.Outcome = true
				return
			}
			if fn := Callee(v); fn != nil && fn.Pkg() != nil {
				switch {
				case fn.Pkg().Path() == "time":
					d.Time = true
					return
				case fn.Pkg().Path() == "context":
					// ctx.Err(), context.Cause(ctx): a stop, unless the
					// context is never done and the answer always nil.
					d.Ctx = d.Ctx || !neverDone(v)
					return
				}
			}
			if isErrorType(v.Type()) {
				return // another call's error: an error test bounds nothing
			}
			d.Calls = append(d.Calls, v)
			if r.countsRound(v) {
				d.Other = true
			}
			if v.Call.IsInvoke() {
				visit(v.Call.Value)
			} else if _, ok := v.Call.Value.(*ssa.Function); !ok {
				visit(v.Call.Value) // a function value: c.giveUp
			}
			for _, a := range v.Call.Args {
				visit(a)
			}
		case *ssa.Extract:
			if isErrorType(v.Type()) && !isOutcomeValue(v.Tuple, attempt) {
				return // another call's error: an error test bounds nothing
			}
			visit(v.Tuple)
		case *ssa.Select:
			for _, st := range v.States {
				if st.Dir != types.RecvOnly {
					continue
				}
				if analysisutil.Named(chanElem(st.Chan.Type()), "time", "Time") {
					continue // a wait
				}
				if c, ok := st.Chan.(*ssa.Call); ok && neverDone(c) {
					continue // <-ctx.Done() of context.Background(): never fires
				}
				d.Ctx = true
			}
		case *ssa.Phi:
			if r.loop != nil && v.Block() == r.loop.Header {
				leaf(v.Type()) // carried round the loop: a counter, a flag
				return
			}
			for _, e := range v.Edges {
				visit(e)
			}
		case *ssa.Parameter, *ssa.FreeVar, *ssa.Global:
			leaf(v.Type())
		case *ssa.UnOp:
			if fa, ok := v.X.(*ssa.FieldAddr); ok {
				if f := fieldOf(fa); f != nil {
					if isOutcomeValue(fa.X, attempt) || r.recorded(fa, attempt) {
						d.Outcome = true // resp.StatusCode, or h.Conn that h.connect() sets
						return
					}
					if e := typedErr(fa.X); e != nil {
						visit(e) // he.StatusCode of a typed error: what its error is
						return
					}
					leaf(f.Type())
					return
				}
			}
			if e := typedErr(v); e != nil {
				visit(e)
				return
			}
			switch v.X.(type) {
			case *ssa.Alloc, *ssa.Global:
				leaf(v.Type()) // a local in memory, a package variable: io.EOF
				return
			}
			visit(v.X)
		case ssa.Instruction:
			for _, op := range v.Operands(nil) {
				if *op != nil {
					visit(*op)
				}
			}
		}
	}
	visit(v)
	return *d
}

// neverDone reports a call of the context package (ctx.Done(),
// ctx.Err(), context.Cause(ctx)) on a context that is never done
// (Uncancellable): its Done channel is nil and its Err nil, so a loop
// that stops on it has no stop:
//
//	ctx := context.Background()
//	for ctx.Err() == nil { ... }
func neverDone(c *ssa.Call) bool {
	ctx := c.Call.Value // the receiver of an interface method
	if !c.Call.IsInvoke() {
		ctx = Arg(c, 0)
	}
	return ctx != nil && IsContext(ctx.Type()) && Uncancellable(ctx)
}

// countsRound reports a call that may return a count kept round the
// loop: handed a value made before it (a variable, an object a
// constructor made), or a closure that captured one, it returns a
// number, or a bool from a function of the package that writes through
// what it is handed, or reads through it what the loop writes:
//
//	var c counter                  b := &backoff.Backoff{...}
//	for {                          for b.Attempt() < 8 { // b.Duration() steps it
//		if c.inc() >= 8 {
//
//	st := attempts{max: 5}
//	for st.more() { // func (a *attempts) more() bool { return a.n < a.max }
//		...
//		st.n++
//
// A value made in the attempt is new each round and carries nothing from
// the last; a bool of another package's method (resp.Done()) is a test
// of the answer.
func (r *Region) countsRound(c *ssa.Call) bool {
	if r.loop == nil {
		return false
	}
	b, ok := c.Type().Underlying().(*types.Basic)
	if !ok {
		return false
	}
	// counts: the call steps a count itself (a number, or a bool of a
	// function that writes through what it is handed); reads: a bool
	// that reads fields of what it is handed, which the loop may step.
	counts := b.Info()&types.IsNumeric != 0 || r.p.writesThrough(c)
	var reads fieldSet
	if !counts {
		if reads = r.p.fieldsRead(c); reads.empty() {
			return false
		}
	}
	held := slices.Clone(c.Call.Args)
	if c.Call.IsInvoke() {
		held = append(held, c.Call.Value)
	}
	if mc, ok := c.Call.Value.(*ssa.MakeClosure); ok {
		held = append(held, mc.Bindings...)
	}
	for _, a := range held {
		in, ok := base(a).(ssa.Instruction)
		if ok && nilable(a.Type()) && in.Block() != nil && !r.loop.Has(in.Block()) && (counts || r.writtenInLoop(base(a), reads, c)) {
			return true
		}
	}
	return false
}

// writesThrough reports a call of a function of the package that stores
// through a parameter or a captured variable: c.n++ in func (c *counter)
// next() bool.
func (p *Program) writesThrough(c *ssa.Call) bool {
	fn := c.Call.StaticCallee()
	if !p.own(fn) {
		return false
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if st, ok := in.(*ssa.Store); ok {
				switch base(st.Addr).(type) {
				case *ssa.Parameter, *ssa.FreeVar:
					return true
				}
			}
		}
	}
	return false
}

// fieldSet is what a function reads through what it is handed: fields,
// or the whole value.
type fieldSet struct {
	fields map[*types.Var]bool
	whole  bool
}

func (f fieldSet) empty() bool { return !f.whole && len(f.fields) == 0 }

// fieldsRead returns what a function of the package loads through a
// parameter or a captured variable: a.n and a.max in
//
//	func (a *attempts) more() bool { return a.n < a.max }
func (p *Program) fieldsRead(c *ssa.Call) fieldSet {
	out := fieldSet{fields: map[*types.Var]bool{}}
	fn := c.Call.StaticCallee()
	if !p.own(fn) {
		return out
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			u, ok := in.(*ssa.UnOp)
			if !ok || u.Op != token.MUL {
				continue
			}
			switch x := u.X.(type) {
			case *ssa.Parameter, *ssa.FreeVar:
				out.whole = true
			case *ssa.FieldAddr:
				switch base(x).(type) {
				case *ssa.Parameter, *ssa.FreeVar:
					if f := topField(x); f != nil {
						out.fields[f] = true
					} else {
						out.whole = true
					}
				}
			}
		}
	}
	return out
}

// topField returns the field of the value an address is taken in, the
// first selection from its base: n in a.n, inner in a.inner.n.
func topField(addr ssa.Value) *types.Var {
	var top *ssa.FieldAddr
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			top, addr = a, a.X
			continue
		case *ssa.IndexAddr:
			top, addr = nil, a.X
			continue
		}
		break
	}
	if top == nil {
		return nil
	}
	return fieldOf(top)
}

// writtenInLoop reports whether the loop stores into what reads holds of
// obj (a field it reads, or any part when it reads obj whole), or hands
// obj to a function of the package (other than the call c) that writes
// through it: st.n++, st.step().
func (r *Region) writtenInLoop(obj ssa.Value, reads fieldSet, c *ssa.Call) bool {
	for _, b := range r.loop.Header.Parent().Blocks {
		if !r.loop.Has(b) {
			continue
		}
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.Store:
				if base(in.Addr) == obj {
					if f := topField(in.Addr); reads.whole || f == nil || reads.fields[f] {
						return true
					}
				}
			case *ssa.Call:
				if in != c && r.p.writesThrough(in) && slices.ContainsFunc(Operands(in), func(v ssa.Value) bool { return base(v) == obj }) {
					return true
				}
			}
		}
	}
	return false
}

// typedErr returns the error that a typed error value was read from:
// the target of errors.As(err, &target) (var he *HTTPError), loaded
// after the call, or a type assertion err.(*HTTPError); nil for other
// values. A test of such a value (he.StatusCode >= 500, he.Temporary())
// depends on what its error depends on.
func typedErr(v ssa.Value) ssa.Value {
	switch v := v.(type) {
	case *ssa.UnOp:
		if a, ok := v.X.(*ssa.Alloc); ok && v.Op == token.MUL {
			if as := errorsAsInto(a); as != nil {
				return as.Call.Args[0]
			}
		}
	case *ssa.TypeAssert:
		return v.X
	case *ssa.Extract:
		if ta, ok := v.Tuple.(*ssa.TypeAssert); ok && v.Index == 0 {
			return ta.X
		}
	}
	return nil
}

// errorsAsInto returns the call errors.As(err, &a) that fills the local
// a, or nil.
func errorsAsInto(a *ssa.Alloc) *ssa.Call {
	refs := *a.Referrers()
	for i := 0; i < len(refs); i++ {
		switch r := refs[i].(type) {
		case *ssa.MakeInterface: // errors.As takes &target as an any
			refs = append(refs, *r.Referrers()...)
		case *ssa.Call:
			if analysisutil.IsFunc(Callee(r), "errors", "", "As") && len(r.Call.Args) == 2 {
				return r
			}
		}
	}
	return nil
}

// isOutcomeValue reports a value that is a result of one of the calls.
func isOutcomeValue(v ssa.Value, attempt []ssa.CallInstruction) bool {
	if e, ok := v.(*ssa.Extract); ok {
		v = e.Tuple
	}
	c, ok := v.(*ssa.Call)
	return ok && slices.Contains(attempt, ssa.CallInstruction(c))
}

func isErrorType(t types.Type) bool {
	return types.IsInterface(t) && types.Implements(t, errorIface)
}

func isChan(t types.Type) bool {
	_, ok := t.Underlying().(*types.Chan)
	return ok
}

func chanElem(t types.Type) types.Type {
	if c, ok := t.Underlying().(*types.Chan); ok {
		return c.Elem()
	}
	return nil
}
