package nodeadline

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A function literal's context parameter is the context it is handed.
// Retry helpers take the attempt as a function and call it with their
// own context:
//
//	func withRetries(ctx context.Context, n int, fn func(context.Context) error) error {
//		for i := 0; i < n; i++ {
//			if err = fn(ctx); err == nil { ... }
//		}
//	}
//	withRetries(ctx, 3, func(ctx context.Context) error {
//		_, err := hc.Check(ctx, req) // the ctx given to withRetries
//		return err
//	})
//
// The literal's parameter is then the context the call gives the helper:
// the literal is used once, as an argument of a call of a function of
// the package whose every use of that parameter is a call passing, in
// the literal's parameter's place, a context the helper receives
// unchanged or makes with no deadline; or as the operation of a
// catalogued retry library that hands its context on as it is
// (catalog.Retry.PassesCtx: sethvargo's Do, wait.ExponentialBackoffWithContext).
// A retry helper of another package is read through its HandsFact,
// exported for the package's wrappers (retryscan's WrapperFact) that
// hand their attempt a context parameter of theirs. A helper that adds
// a deadline (context.WithTimeout per attempt), and a literal used twice
// or stored stay unknown.

// maxHanded bounds the helpers read inside one another.
const maxHanded = 8

// handed returns the state of p, a context parameter of a function
// literal, from the call the literal is handed to.
func (t *tracer) handed(p *ssa.Parameter) state {
	lit := p.Parent()
	outer := lit.Parent()
	if outer == nil || t.handing >= maxHanded {
		return state{}
	}
	t.handing++
	defer func() { t.handing-- }()
	var val ssa.Value = lit
	if mc := engine.MakerOf(lit); mc != nil {
		val = mc
	}
	call, val, ok := onlyCallUse(outer, val)
	if !ok {
		return state{}
	}
	pos := engine.ParamIndex(p) // a literal has no receiver
	if call.Call.Value == val { // func(ctx context.Context) { ... }(ctx)
		return t.ctx(call.Call.Args[pos], nil)
	}
	if ctx := libCtx(call, val, pos); ctx != nil {
		return t.ctx(ctx, nil) // retry.Do(ctx, b, func(ctx context.Context) error { ... })
	}
	j := argIndex(call, val)
	if j < 0 {
		return state{}
	}
	if f := t.handsOf(engine.Callee(call)); f != nil && f.Fn == j && f.Arg == pos {
		return t.ctx(engine.Arg(call, f.Ctx), nil) // a helper of another package (HandsFact)
	}
	return t.throughHelper(call, j, pos)
}

// handedOn returns the state of the context a helper of the package,
// called by c with the attempt p, hands the attempt as argument pos;
// unknown for any other call.
func (t *tracer) handedOn(c *ssa.Call, p ssa.Value, pos int) state {
	j := argIndex(c, p)
	if j < 0 {
		return state{}
	}
	return t.throughHelper(c, j, pos)
}

// throughHelper returns the state of the context that the function of
// the package call calls hands the attempt it is given as argument j, as
// the attempt's argument pos, read in the caller's frame.
func (t *tracer) throughHelper(call *ssa.Call, j, pos int) state {
	w := call.Call.StaticCallee()
	if w != nil && w.Origin() != nil {
		w = w.Origin() // Retry[T any](ctx, fn): the builder calls an instance that runs the generic body
	}
	if w == nil || w.Pkg == nil || w.Pkg.Pkg != t.p.Pkg() || len(w.Blocks) == 0 || len(w.Params) != len(call.Call.Args) || t.handing >= maxHanded {
		return state{}
	}
	t.handing++
	defer func() { t.handing-- }()
	switch st := t.passes(w, j, pos); st.kind {
	case param:
		return t.ctx(engine.Arg(call, st.param), nil)
	case noDeadline, bounded:
		return st // bounded: the helper gives each attempt a deadline
	}
	return state{}
}

// argIndex returns the index of the one argument of call that is v
// (the receiver counted), or -1.
func argIndex(call *ssa.Call, v ssa.Value) int {
	j := -1
	for i, a := range call.Call.Args {
		if a == v {
			if j >= 0 {
				return -1
			}
			j = i
		}
	}
	return j
}

// handsOf returns the HandsFact of a function of another package, or
// nil.
func (t *tracer) handsOf(fn *types.Func) *HandsFact {
	if t.hands == nil || fn == nil {
		return nil
	}
	return t.hands(fn)
}

// passes returns the state of the context w hands its function
// parameter j as argument pos: a parameter of w's (kind param), one w
// makes with no deadline, or unknown when some call of it passes
// another, or the function is handed on or kept. The calls are those of
// the parameter and its copies (engine.Uses), in w and in the closures
// w runs where it makes them (captured.go).
func (t *tracer) passes(w *ssa.Function, j, pos int) state {
	wt := newTracer(t.p, w, t.imp)
	wt.handing, wt.hands = t.handing, t.hands
	st := state{kind: neutral}
	for _, u := range t.p.Uses(engine.Source{Value: w.Params[j]}) {
		c, ok := u.Instr.(*ssa.Call)
		if !ok {
			return state{} // the attempt is kept or handed elsewhere
		}
		if !runsIn(c.Parent(), w) {
			hs, ok := wt.inHelperClosure(c, u.Value, pos, w)
			if !ok {
				return state{} // the attempt is kept or started elsewhere
			}
			st = join(st, hs)
			if st.kind == unknown {
				return st
			}
			continue
		}
		switch ctx := libCtx(c, u.Value, pos); {
		case c.Call.Value == u.Value && pos < len(c.Call.Args):
			st = join(st, wt.ctx(c.Call.Args[pos], nil))
		case ctx != nil:
			st = join(st, wt.ctx(ctx, nil)) // retry.Do(ctx, b, fn)
		default:
			st = join(st, wt.handedOn(c, u.Value, pos)) // Do(ctx, f) calls do(ctx, f)
		}
		if st.kind == unknown {
			return st
		}
	}
	if st.kind == neutral {
		return state{}
	}
	return st
}

// inHelperClosure is the state of the context an attempt op is given
// when a closure made in w calls it with the closure's own context
// parameter, and the closure is handed, as its attempt, to another
// helper of the package:
//
//	func Do(ctx context.Context, n int, fn func(context.Context) error) error {
//		_, err := Retry(ctx, n, func(ctx context.Context) (struct{}, error) {
//			return struct{}{}, fn(ctx) // the ctx Retry hands its attempt
//		})
//		return err
//	}
//
// false when c is no such call.
func (t *tracer) inHelperClosure(c *ssa.Call, op ssa.Value, pos int, w *ssa.Function) (state, bool) {
	lit := c.Parent()
	if lit.Parent() != w || c.Call.Value != op || pos >= len(c.Call.Args) {
		return state{}, false
	}
	prm, ok := c.Call.Args[pos].(*ssa.Parameter)
	mc := engine.MakerOf(lit)
	if !ok || prm.Parent() != lit || mc == nil {
		return state{}, false
	}
	hc, val, ok := onlyCallUse(w, mc)
	if !ok || hc.Call.Value == val {
		return state{}, false
	}
	j := argIndex(hc, val)
	if j < 0 {
		return state{}, false
	}
	return t.throughHelper(hc, j, engine.ParamIndex(prm)), true
}

// libCtx returns the context a catalogued retry library that hands its
// context on as it is (catalog.Retry.PassesCtx) gives op, its operation
// in call, as argument pos; nil for any other call or place.
func libCtx(call *ssa.Call, op ssa.Value, pos int) ssa.Value {
	row := catalog.LookupRetry(engine.Callee(call))
	if row == nil || !row.PassesCtx || pos != 0 || engine.Arg(call, row.Op) != op {
		return nil
	}
	return engine.Arg(call, row.Ctx)
}

// onlyCallUse returns the call that is the only use of v in fn, and
// the value the call takes: v, or v converted to a named function type
// (retry.RetryFunc(f)).
func onlyCallUse(fn *ssa.Function, v ssa.Value) (*ssa.Call, ssa.Value, bool) {
	for range 3 {
		var use ssa.Instruction
		n := 0
		var ops []*ssa.Value
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if _, dbg := in.(*ssa.DebugRef); dbg {
					continue
				}
				ops = in.Operands(ops[:0])
				for _, op := range ops {
					if op != nil && *op == v {
						n++
						use = in
					}
				}
			}
		}
		if n != 1 {
			return nil, nil, false
		}
		switch u := use.(type) {
		case *ssa.Call:
			return u, v, true
		case *ssa.ChangeType:
			v = u
		default:
			return nil, nil, false
		}
	}
	return nil, nil, false
}
