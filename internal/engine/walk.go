package engine

import (
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// End is where a path through an attempt leads.
type End uint8

const (
	// EndRound: another attempt follows (the loop goes round, the
	// function calls itself again, an operation asks for another wait).
	EndRound End = iota + 1
	// EndLeave: the retry ends (a return, a way out of the loop, an
	// operation returning nil or a permanent error).
	EndLeave
	// EndError: an operation returns Err, which sends the retry round
	// when it is not nil.
	EndError
	// EndAbort: a call that does not return (panic, log.Fatal, t.Fatal).
	EndAbort
)

func (e End) String() string { return [...]string{"", "round", "leave", "error", "abort"}[e] }

// Ends is a set of Ends.
type Ends uint8

// Has reports whether the set holds e.
func (s Ends) Has(e End) bool { return s&(1<<e) != 0 }

// Only reports whether the set holds nothing but the given ends.
func (s Ends) Only(es ...End) bool {
	var m Ends
	for _, e := range es {
		m |= 1 << e
	}
	return s&^m == 0
}

// Branch is a condition met on a path.
type Branch struct {
	If *ssa.If
	// Taken says which way the path went: the true successor or not.
	Taken bool
	// Value is what the condition evaluated to in the scenario:
	// unknown when the path took one way of two possible ones.
	Value catalog.Tri
	// Related: the condition depends on the outcome and was not folded.
	Related bool
	// Verdict: the condition is a verdict (Val.Verdict): it depends on
	// the outcome through a decision the program is configured with.
	Verdict bool
}

// Path is one way through an attempt under a scenario.
type Path struct {
	Branches []Branch
	End      End
	// At is the instruction that ends the path: a Return, a Panic, the
	// Jump or If that leaves or goes round, a call of the function by
	// itself.
	At ssa.Instruction
	// Err is, for EndError and an operation's EndRound, the error the
	// operation returns.
	Err Val
	// Blocks are the blocks the path ran, in order.
	Blocks []*ssa.BasicBlock
}

// Walk is every way through an attempt under one scenario.
type Walk struct {
	Paths []Path
	Ends  Ends
	// Void: the attempt has more ways through than are followed; the
	// walk says nothing.
	Void bool
}

// Opaque reports whether some path met a condition that depends on the
// outcome in a way the evaluator does not fold, and where the attempt
// ends depends on the way it went. A condition whose two ways end alike
// decides nothing:
//
//	if ra := resp.Header.Get("Retry-After"); ra != "" {
//		log.Printf("retry after %s", ra) // both ways go round
//	}
func (w *Walk) Opaque() bool {
	type end struct {
		e     End
		kind  Kind
		class ErrClass
		n     int64
	}
	ways := map[*ssa.If]*[2]map[end]bool{}
	for _, p := range w.Paths {
		for _, b := range p.Branches {
			if !b.Related || b.Value != catalog.TriUnknown {
				continue
			}
			sides := ways[b.If]
			if sides == nil {
				sides = &[2]map[end]bool{{}, {}}
				ways[b.If] = sides
			}
			k := 0
			if b.Taken {
				k = 1
			}
			sides[k][end{p.End, p.Err.Kind, p.Err.Class, p.Err.N}] = true
		}
	}
	for _, sides := range ways {
		if !maps.Equal(sides[0], sides[1]) {
			return true
		}
	}
	return false
}

// Region is the code one attempt runs and where its ways end.
type Region struct {
	p    *Program
	fn   *ssa.Function
	loop *Loop // a loop: its back edges go round, its exits leave
	// self: a recursive retry, whose calls of the function go round.
	self bool
	// op: an operation handed to a library, whose returns decide by
	// their error; lib is the library's package path.
	op  bool
	lib string
	// yield: the body of a range-over-func loop, whose return of true
	// asks for the next attempt.
	yield bool
	// consts: values the region's function reads that are constants
	// where it is made (an iterator's captured count, itertrips.go).
	consts map[ssa.Value]*ssa.Const
}

// LoopRegion returns the region of a loop of fn.
func (p *Program) LoopRegion(fn *ssa.Function, l *Loop) *Region {
	return &Region{p: p, fn: fn, loop: l}
}

// RecursionRegion returns the region of a function that retries by
// calling itself.
func (p *Program) RecursionRegion(fn *ssa.Function) *Region {
	return &Region{p: p, fn: fn, self: true}
}

// OpRegion returns the region of an operation handed to the retry
// library lib (its package path), which decides by the operation's error.
func (p *Program) OpRegion(fn *ssa.Function, lib string) *Region {
	return &Region{p: p, fn: fn, op: true, lib: lib}
}

// YieldRegion returns the region of the body of a range-over-func loop:
// the function the builder makes of it, which returns true to go round.
func (p *Program) YieldRegion(body *ssa.Function) *Region {
	return &Region{p: p, fn: body, yield: true}
}

// Func returns the region's function.
func (r *Region) Func() *ssa.Function { return r.fn }

// Loop returns the region's loop, or nil.
func (r *Region) Loop() *Loop { return r.loop }

const (
	maxPaths = 256
	maxSteps = 4096
)

// Walk follows every way from an instruction of the region (nil: its
// top) to where it ends, under the scenario.
func (r *Region) Walk(sc *Scenario, from ssa.Instruction) *Walk {
	w := &walker{p: r.p, r: r, sc: sc, out: &Walk{}}
	start, i := r.fn.Blocks[0], 0
	switch {
	case from != nil:
		start = from.Block()
		for j, in := range start.Instrs {
			if in == from {
				i = j + 1
			}
		}
	case r.loop != nil:
		start = r.loop.Header
	}
	w.path = []*ssa.BasicBlock{start}
	w.block(start, i, false)
	if w.void {
		return &Walk{Void: true}
	}
	return w.out
}

// walker follows the paths of one walk.
type walker struct {
	p        *Program
	r        *Region
	sc       *Scenario
	path     []*ssa.BasicBlock
	branches []Branch
	out      *Walk
	steps    int
	evals    int
	void     bool
	// params bind a predicate's parameters when its body is read for a
	// caller (summary.go); depth counts the predicates being read.
	params *binding
	depth  int
	// facts are what the branches the path took say of values it could
	// not evaluate: on the way where err != nil fails, err is nil.
	facts []fact
	// returns collects the values result retIdx of a predicate's body
	// returns.
	returns []Val
	retIdx  int
	// field, when set, is what a body read for its caller collects at
	// each return in place of a result: the field it leaves
	// (outcomefield.go).
	field *fieldPath
	// verdicts and opaque say, for a predicate's body, whether a return
	// was reached through a verdict or returned one, and whether one was
	// reached through another condition that depends on the outcome, or
	// returned a value that does (verdict.go).
	verdicts, opaque bool
}

// binding is what a body read for its caller is handed: vals[i] for
// params[i]. A slice, not a map: a body is read at every call of a
// classifier on every way, and a map of Vals per call was the engine's
// largest allocation on a package of many helpers (BENCHMARKS.md).
type binding struct {
	params []*ssa.Parameter
	vals   []Val
}

// of returns the value bound to p, if any.
func (b *binding) of(p *ssa.Parameter) (Val, bool) {
	if b == nil {
		return Val{}, false
	}
	for i, q := range b.params {
		if q == p && i < len(b.vals) {
			return b.vals[i], true
		}
	}
	return Val{}, false
}

func (w *walker) end(e End, at ssa.Instruction, err Val) {
	if w.params != nil {
		return // a predicate's body: only its returns count
	}
	if len(w.out.Paths) >= maxPaths {
		w.void = true
		return
	}
	w.out.Paths = append(w.out.Paths, Path{Branches: append([]Branch(nil), w.branches...), End: e, At: at, Err: err,
		Blocks: append([]*ssa.BasicBlock(nil), w.path...)})
	w.out.Ends |= 1 << e
}

// block walks b from its i-th instruction. wrapped says the path has
// gone through the loop's head from inside: reaching a block it already
// passed is then the next attempt.
func (w *walker) block(b *ssa.BasicBlock, i int, wrapped bool) {
	if w.void {
		return
	}
	if w.steps++; w.steps > maxSteps {
		w.void = true
		return
	}
	for _, in := range b.Instrs[i:] {
		switch in := in.(type) {
		case *ssa.Call:
			if w.r.self && in.Call.StaticCallee() == w.r.fn && w.params == nil {
				w.end(EndRound, in, Val{})
				return
			}
		case *ssa.Return:
			w.ret(in, wrapped)
			return
		case *ssa.Panic:
			w.end(EndAbort, in, Val{})
			return
		case *ssa.If:
			v := w.eval(in.Cond, len(w.path))
			t := v.Truth()
			if m := w.aside(b, v); m != nil {
				w.branches = append(w.branches, Branch{If: in, Value: t})
				w.edge(in, b, m, wrapped)
				w.branches = w.branches[:len(w.branches)-1]
				return
			}
			for k, succ := range b.Succs {
				taken := k == 0
				if t != catalog.TriUnknown && (t == catalog.TriYes) != taken {
					continue
				}
				w.branches = append(w.branches, Branch{If: in, Taken: taken, Value: t, Related: v.Related, Verdict: v.Verdict && t == catalog.TriUnknown})
				n := len(w.facts)
				if t == catalog.TriUnknown {
					w.learn(in.Cond, taken)
				}
				w.edge(in, b, succ, wrapped)
				w.facts = w.facts[:n]
				w.branches = w.branches[:len(w.branches)-1]
			}
			return
		case *ssa.Jump:
			w.edge(in, b, b.Succs[0], wrapped)
			return
		}
	}
}

// edge follows the path from b to succ.
func (w *walker) edge(at ssa.Instruction, b, succ *ssa.BasicBlock, wrapped bool) {
	if l := w.r.loop; l != nil && w.params == nil {
		if !l.Has(succ) {
			if _, panics := succ.Instrs[len(succ.Instrs)-1].(*ssa.Panic); panics {
				w.end(EndAbort, at, Val{}) // log.Fatal, panic("unreachable")
				return
			}
			w.end(EndLeave, at, Val{})
			return
		}
		if succ == l.Header && l.Has(b) {
			wrapped = true
		}
	}
	for _, p := range w.path {
		if p == succ {
			if wrapped {
				w.end(EndRound, at, Val{})
			}
			return // a loop nested in the attempt goes round: that way is followed elsewhere
		}
	}
	w.path = append(w.path, succ)
	w.block(succ, 0, wrapped)
	w.path = w.path[:len(w.path)-1]
}

// ret ends a path at a return: out of a loop or a recursive retry, or,
// for an operation, by the error it returns. wrapped is block's.
func (w *walker) ret(in *ssa.Return, wrapped bool) {
	if w.params != nil {
		if w.field != nil {
			w.returns = append(w.returns, w.fieldAtReturn(in))
			return
		}
		if w.retIdx < len(in.Results) {
			v := w.eval(in.Results[w.retIdx], len(w.path))
			w.returns = append(w.returns, v)
			w.noteVerdicts(v)
		}
		return
	}
	if w.r.yield && len(in.Results) == 1 {
		if w.eval(in.Results[0], len(w.path)).Truth() == catalog.TriYes {
			w.nextYield(in, wrapped)
		} else {
			w.end(EndLeave, in, Val{})
		}
		return
	}
	if w.r.op && catalog.ConditionOperation(w.r.lib) && len(in.Results) == 2 {
		w.condition(in)
		return
	}
	if !w.r.op || len(in.Results) == 0 || !isErrorType(in.Results[len(in.Results)-1].Type()) {
		w.end(EndLeave, in, Val{}) // a loop or a recursion, or an operation with no error
		return
	}
	res := in.Results[len(in.Results)-1]
	if u, ok := res.(*ssa.UnOp); ok && u.Op == token.MUL {
		// A function with a defer returns through its result slot:
		// what the path stored there (return retry.RetryableError(err)).
		if st := w.stored(u, len(w.path)); st != nil {
			res = st.val
		}
	}
	if c, ok := unwrapCall(res); ok && w.hooked(in, catalog.LookupClassHook(calleeObject(c))) {
		return
	}
	v := w.eval(res, len(w.path))
	if v.Kind == Err && w.hooked(in, v.Hook) {
		return // return checkStatus(resp), which returned backoff.Permanent(err)
	}
	if v.Kind == Nil || catalog.OptInOperation(w.r.lib) {
		w.end(EndLeave, in, v) // success, or an error the library does not retry
		return
	}
	w.end(EndError, in, v)
}

// hooked ends a path at the return of an error made by a hook h of the
// operation's library, and reports whether it did: backoff.Permanent
// leaves, backoff.RetryAfter and retry.RetryableError go round.
func (w *walker) hooked(in *ssa.Return, h *catalog.ClassHook) bool {
	if h == nil || h.Pkg != w.r.lib {
		return false
	}
	switch h.Hook {
	case catalog.HookPermanent:
		w.end(EndLeave, in, Val{Kind: Err, Class: ErrPlain})
	case catalog.HookRetryAfter, catalog.HookRetryable:
		w.end(EndRound, in, Val{Kind: Err, Class: ErrPlain})
	default:
		return false
	}
	return true
}

// condition ends a path at a return of a condition (wait.ExponentialBackoff):
// (false, nil) goes round; true, or an error, leaves. A result the walk
// cannot tell leaves too: only a known (false, nil) is a retry.
//
//	return false, nil // not yet: another attempt after the wait
func (w *walker) condition(in *ssa.Return) {
	done := w.eval(in.Results[0], len(w.path))
	err := w.eval(in.Results[1], len(w.path))
	if done.Truth() == catalog.TriNo && err.Kind == Nil {
		w.end(EndRound, in, Val{})
		return
	}
	w.end(EndLeave, in, err)
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// unwrapCall returns the call a value is, through conversions to an
// interface.
func unwrapCall(v ssa.Value) (*ssa.Call, bool) {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.Call:
			return x, true
		default:
			return nil, false
		}
	}
}

// calleeObject returns the function a call invokes, statically or
// through an interface method, as a types.Object (nil when none: never a
// nil *types.Func in the interface).
func calleeObject(c ssa.CallInstruction) types.Object {
	if fn := Callee(c); fn != nil {
		return fn
	}
	return nil
}

// Callee returns the function a call invokes, statically or through an
// interface method, or nil (a function value, a builtin).
func Callee(c ssa.CallInstruction) *types.Func {
	cc := c.Common()
	if cc.IsInvoke() {
		return cc.Method
	}
	if f := cc.StaticCallee(); f != nil {
		if obj, ok := f.Object().(*types.Func); ok {
			return obj
		}
		if f.Origin() != nil {
			if obj, ok := f.Origin().Object().(*types.Func); ok {
				return obj
			}
		}
	}
	return nil
}

// Direct reports whether block b runs directly in the region: not in a
// loop nested in it.
func (r *Region) Direct(b *ssa.BasicBlock) bool {
	return innermost(r.p.loops(r.fn), b) == r.loop
}

// Exits returns the conditions of the region's ways out: the If
// instructions run directly in it of which one way can go round and the
// other cannot.
func (r *Region) Exits() []ssa.Value {
	reach := r.reachesRound()
	var out []ssa.Value
	for _, b := range r.fn.Blocks {
		if !reach[b] || !r.Direct(b) {
			continue
		}
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && reach[b.Succs[0]] != reach[b.Succs[1]] {
			out = append(out, ifi.Cond)
		}
	}
	return out
}

// reachesRound returns the blocks from which the region can go round.
func (r *Region) reachesRound() map[*ssa.BasicBlock]bool {
	var from []*ssa.BasicBlock
	for _, b := range r.fn.Blocks {
		switch {
		case r.loop != nil:
			if r.loop.Has(b) && slices.Contains(b.Succs, r.loop.Header) {
				from = append(from, b)
			}
		case r.self:
			for _, in := range b.Instrs {
				if c, ok := in.(*ssa.Call); ok && c.Call.StaticCallee() == r.fn {
					from = append(from, b)
				}
			}
		case r.yield:
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) == 1 {
				if c, ok := ret.Results[0].(*ssa.Const); ok && c.Value != nil && c.Value.String() == "true" {
					from = append(from, b)
				}
			}
		}
	}
	reach := map[*ssa.BasicBlock]bool{}
	for len(from) > 0 {
		b := from[len(from)-1]
		from = from[:len(from)-1]
		if reach[b] || r.loop != nil && !r.loop.Has(b) {
			continue // outside the loop: an outer loop's way back in is no round of this one
		}
		reach[b] = true
		from = append(from, b.Preds...)
	}
	return reach
}

// Alternatives reports whether two calls are one attempt written on two
// branches: their errors meet at a phi (if v2 { err = callV2() } else {
// err = callV1() }), other than the loop's head.
func (r *Region) Alternatives(a, b ssa.CallInstruction) bool {
	ea, eb := errResult(a), errResult(b)
	if ea == nil || eb == nil {
		return false
	}
	for _, ref := range *ea.Referrers() {
		phi, ok := ref.(*ssa.Phi)
		if !ok || (r.loop != nil && phi.Block() == r.loop.Header) {
			continue
		}
		for _, e := range phi.Edges {
			if e == eb {
				return true
			}
		}
	}
	return false
}

// errResult returns the value of a call's error result, or nil.
func errResult(c ssa.CallInstruction) ssa.Value {
	call, ok := c.(*ssa.Call)
	if !ok {
		return nil
	}
	for i, role := range Roles(c) {
		if r := Result(call, i); role == RoleErr && r != nil {
			return r
		}
	}
	return nil
}

// fact is what a branch the path took says of a value.
type fact struct {
	v   ssa.Value
	val Val
}

// learn records what taking one way of a condition says: the condition
// has that truth, and a value compared with nil is nil or not.
//
//	if err != nil { return err }   // after it, err is nil
func (w *walker) learn(cond ssa.Value, taken bool) {
	w.facts = append(w.facts, fact{cond, boolVal(triOf(taken), false)})
	b, ok := cond.(*ssa.BinOp)
	if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
		return
	}
	x, y := b.X, b.Y
	if c, ok := x.(*ssa.Const); ok && c.Value == nil {
		x, y = y, x
	}
	if c, ok := y.(*ssa.Const); !ok || c.Value != nil || !nilable(x.Type()) {
		return
	}
	isNil := taken == (b.Op == token.EQL)
	val := Val{Kind: Nil}
	if !isNil {
		val = Val{Kind: NonNil}
		if isErrorType(x.Type()) {
			val = Val{Kind: Err, Class: ErrAny}
		}
	}
	w.facts = append(w.facts, fact{x, val})
}

// known returns what the path's branches say of v.
func (w *walker) known(v ssa.Value) (Val, bool) {
	for i := len(w.facts) - 1; i >= 0; i-- {
		if w.facts[i].v == v {
			return w.facts[i].val, true
		}
	}
	return Val{}, false
}

// ReadsTypedStatus reports whether the region asks an error for an HTTP
// status: errors.As into, or a type assertion to, a type that carries
// one (var apiErr *APIError; errors.As(err, &apiErr)) or a predicate
// of apimachinery's api/errors (apierrors.IsNotFound(err)), itself, in a
// function of the package it calls (isRetryable(err)), or through a
// classifier of another package whose table answers for such errors.
func (r *Region) ReadsTypedStatus() bool {
	reads := r.p.typedStatusReads(r.fn, 0)
	return reads.api || reads.other
}

// ReadsAPIStatusOnly reports whether the region asks errors for their
// status only through the predicates of api/errors: the errors it
// judges are Kubernetes API errors (catalog.APIStatuses).
func (r *Region) ReadsAPIStatusOnly() bool {
	return r.p.ReadsAPIStatusOnly(r.fn)
}

// ReadsAPIStatusOnly is Region.ReadsAPIStatusOnly for a function: a
// classifier handed to a retry library.
func (p *Program) ReadsAPIStatusOnly(fn *ssa.Function) bool {
	reads := p.typedStatusReads(fn, 0)
	return reads.api && !reads.other
}

// statusReads is how a function asks errors for a status: through the
// predicates of api/errors (api), or another way (other).
type statusReads struct{ api, other bool }

func (p *Program) typedStatusReads(fn *ssa.Function, depth int) statusReads {
	var reads statusReads
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.TypeAssert:
				reads.other = reads.other || p.carriesStatus(in.AssertedType)
			case *ssa.Call:
				if catalog.LookupStatusPredicate(Callee(in)) != nil {
					reads.api = true // apierrors.IsNotFound(err)
					continue
				}
				if fn := Callee(in); fn != nil && fn.Name() == "As" && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && len(in.Call.Args) == 2 {
					if pt, ok := unwrapIface(in.Call.Args[1]).Type().Underlying().(*types.Pointer); ok && p.carriesStatus(pt.Elem()) {
						reads.other = true
					}
				}
				callee := in.Call.StaticCallee()
				switch {
				case callee == nil:
				case callee.Pkg != nil && callee.Pkg.Pkg == p.pkg:
					if depth < maxDepth && len(callee.Blocks) > 0 {
						sub := p.typedStatusReads(callee, depth+1)
						reads.api, reads.other = reads.api || sub.api, reads.other || sub.other
					}
				case p.classifiers != nil:
					if obj, ok := callee.Object().(*types.Func); ok && answersTyped(p.classifiers(obj)) {
						reads.other = true
					}
				}
			}
			if reads.other {
				return reads
			}
		}
	}
	return reads
}
