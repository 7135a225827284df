package engine

import (
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A helper whose caller names the method may send some methods one way
// and the others another:
//
//	if method == http.MethodPost || method == http.MethodPatch {
//		resp, err = c.rc.HTTPClient.Do(req.Request) // sent once
//	} else {
//		resp, err = c.rc.Do(req) // retried
//	}
//
// The method that reaches the retried send is then not any method: the
// branches the paths to the send must take say which it can be
// (GuardAt). A loop may also make one attempt for some methods, by the
// count it is given on their way to it (RetriedFor):
//
//	attempts := 4
//	if !isIdempotent(method) {
//		attempts = 1
//	}
//	for i := 0; i < attempts; i++ { ... }

// MethodGuard is what the paths to a point let a string parameter (an
// HTTP method) be: one of Only (any when Only is nil; none when it is
// empty) and none of Not. A nil guard lets every value through.
type MethodGuard struct {
	Only []string
	Not  []string
}

// Allows reports whether m can reach the point.
func (g *MethodGuard) Allows(m string) bool {
	if g == nil {
		return true
	}
	return (g.Only == nil || slices.Contains(g.Only, m)) && !slices.Contains(g.Not, m)
}

// Lists reports a guard that names every value it lets through: it has
// Only.
func (g *MethodGuard) Lists() bool { return g != nil && g.Only != nil }

// And returns the guard of paths that pass both g and h.
func (g *MethodGuard) And(h *MethodGuard) *MethodGuard {
	if g == nil {
		return h
	}
	if h == nil {
		return g
	}
	out := &MethodGuard{Only: g.Only, Not: sortedSet(append(slices.Clone(g.Not), h.Not...))}
	switch {
	case g.Only == nil:
		out.Only = h.Only
	case h.Only != nil:
		out.Only = []string{} // none, unless both name it
		for _, m := range g.Only {
			if slices.Contains(h.Only, m) {
				out.Only = append(out.Only, m)
			}
		}
	}
	return out
}

// Or returns the guard of the values that pass g or h.
func (g *MethodGuard) Or(h *MethodGuard) *MethodGuard {
	if g == nil || h == nil {
		return nil
	}
	if h.Only != nil {
		g, h = h, g // the listing one first
	}
	out := &MethodGuard{}
	switch {
	case g.Only != nil && h.Only != nil:
		out.Only = []string{}
		for _, m := range append(slices.Clone(g.Only), h.Only...) {
			if g.Allows(m) || h.Allows(m) {
				out.Only = append(out.Only, m)
			}
		}
		out.Only = sortedSet(out.Only)
	case g.Only != nil: // h lets through all but h.Not
		for _, m := range h.Not {
			if !g.Allows(m) {
				out.Not = append(out.Not, m)
			}
		}
	default:
		for _, m := range g.Not {
			if slices.Contains(h.Not, m) {
				out.Not = append(out.Not, m)
			}
		}
	}
	if out.Only == nil && len(out.Not) == 0 {
		return nil
	}
	return out
}

// sortedSet sorts ms and drops repeats, so that facts encode alike.
func sortedSet(ms []string) []string {
	slices.Sort(ms)
	return slices.Compact(ms)
}

// GuardAt returns what the branches on the way to the instruction in
// let the parameter prm be, or nil. Every path to in enters each block
// that dominates in through one of the block's predecessors; when each
// of them enters it on a test of prm (an edge of an if on prm), prm
// passes one of those tests:
//
//	if method == http.MethodPost { ...; return }     // the rest: not POST
//	switch method { case http.MethodGet, http.MethodPut: ... } // the case: GET or PUT
//	if !retryable[method] { ... }                    // the else: a key of the table
//	if !isIdempotent(method) { return c.once(...) }  // the rest: what isIdempotent accepts
func (p *Program) GuardAt(in ssa.Instruction, prm *ssa.Parameter) *MethodGuard {
	if in == nil || prm == nil || in.Block() == nil {
		return nil
	}
	return p.blockGuard(in.Block(), prm)
}

// blockGuard returns what the paths to b let prm be.
func (p *Program) blockGuard(b *ssa.BasicBlock, prm *ssa.Parameter) *MethodGuard {
	var g *MethodGuard
	for ; b != nil; b = b.Idom() {
		g = g.And(p.entryGuard(b, prm))
	}
	return g
}

// entryGuard returns what the edges into b let prm be: nil unless every
// edge into b is a branch of an if that tests prm. Tests of several
// edges are joined when each names the values prm is one of (the cases
// of a switch, a || of ==); a single edge's test is taken as it is.
func (p *Program) entryGuard(b *ssa.BasicBlock, prm *ssa.Parameter) *MethodGuard {
	if len(b.Preds) == 0 {
		return nil
	}
	var only []string
	for _, pred := range b.Preds {
		g := p.edgeTest(pred, b, prm)
		switch {
		case g == nil:
			return nil
		case g.Only == nil:
			if len(b.Preds) > 1 {
				return nil
			}
			return g
		}
		only = append(only, g.Only...)
	}
	return &MethodGuard{Only: sortedSet(only)}
}

// edgeTest returns what taking the edge from pred to b says of prm: nil
// unless pred ends in an if on prm whose branches differ.
func (p *Program) edgeTest(pred, b *ssa.BasicBlock, prm *ssa.Parameter) *MethodGuard {
	ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
	if !ok || pred.Succs[0] == pred.Succs[1] {
		return nil
	}
	set, member, ok := p.methodTest(ifi.Cond, prm, 0)
	if !ok {
		return nil
	}
	if member != (pred.Succs[0] == b) { // the edge taken when prm is none of set
		return &MethodGuard{Not: sortedSet(set)}
	}
	return &MethodGuard{Only: sortedSet(set)}
}

// maxTestDepth bounds the tests read inside one another: negations, and
// predicates that call predicates.
const maxTestDepth = 4

// methodTest reads a condition on the parameter prm: it holds when prm
// is one of set (in) or none of them (!in). Read are prm == "POST",
// prm != "POST", !cond, a lookup in a table of methods (methodTable),
// and a call of a predicate of the package handed prm (predicate).
func (p *Program) methodTest(v ssa.Value, prm *ssa.Parameter, depth int) (set []string, in, ok bool) {
	if depth > maxTestDepth {
		return nil, false, false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			set, in, ok = p.methodTest(x.X, prm, depth+1)
			return set, !in, ok
		}
	case *ssa.BinOp:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return nil, false, false
		}
		for _, o := range [][2]ssa.Value{{x.X, x.Y}, {x.Y, x.X}} {
			k, isConst := o[1].(*ssa.Const)
			if Strip(o[0]) == prm && isConst && k.Value != nil && k.Value.Kind() == constant.String {
				return []string{constant.StringVal(k.Value)}, x.Op == token.EQL, true
			}
		}
	case *ssa.Lookup: // retryable[method]
		if x.CommaOk || Strip(x.Index) != prm {
			return nil, false, false
		}
		keys, _, ok := p.methodTable(x.X)
		return keys, true, ok
	case *ssa.Extract: // _, ok := known[method]
		l, isLookup := x.Tuple.(*ssa.Lookup)
		if !isLookup || x.Index != 1 || Strip(l.Index) != prm {
			return nil, false, false
		}
		_, all, ok := p.methodTable(l.X)
		return all, true, ok
	case *ssa.Call: // isIdempotent(method)
		fn := x.Call.StaticCallee()
		arg := -1
		for i, a := range x.Call.Args {
			if Strip(a) == prm {
				if arg >= 0 {
					return nil, false, false // f(method, method)
				}
				arg = i
			}
		}
		if arg < 0 || !p.own(fn) || len(fn.Params) != len(x.Call.Args) {
			return nil, false, false
		}
		a := p.predicate(fn, arg, depth+1)
		return a.set, a.in, a.ok
	}
	return nil, false, false
}

// methodTable reads a map the value loads: an unexported package
// variable of the package, set by a literal of constant string keys and
// constant bool values and only looked up afterwards (ConstMap),
//
//	var retryableMethods = map[string]bool{http.MethodGet: true, http.MethodPut: true}
//
// and returns its keys whose value is true, and all its keys.
func (p *Program) methodTable(v ssa.Value) (keys, all []string, ok bool) {
	load, isLoad := v.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL {
		return nil, nil, false
	}
	g, isGlobal := load.X.(*ssa.Global)
	if !isGlobal {
		return nil, nil, false
	}
	obj, isVar := g.Object().(*types.Var)
	if !isVar || obj.Exported() || obj.Pkg() != p.pkg {
		return nil, nil, false // an importer may write an exported one
	}
	entries, ok := p.ConstMap(g)
	if !ok {
		return nil, nil, false
	}
	for _, e := range entries {
		if e.Key.Value.Kind() != constant.String || e.Value.Value == nil || e.Value.Value.Kind() != constant.Bool {
			return nil, nil, false
		}
		k := constant.StringVal(e.Key.Value)
		all = append(all, k)
		if constant.BoolVal(e.Value.Value) {
			keys = append(keys, k)
		}
	}
	return keys, all, true
}

// A function of the package whose body is a test of its string
// parameter is a test of the argument it is handed:
//
//	func isIdempotent(method string) bool {
//		switch method {
//		case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete:
//			return true
//		}
//		return false
//	}
//
// Its answer is read once for each constant the body tests the
// parameter against, and once for a value that is none of them: each
// read follows the one way through the body those tests choose, to a
// return of a constant or of such a test (return m == "GET" || m ==
// "HEAD"). A body that branches on anything else, goes round a loop or
// panics is no predicate. Only the package's own functions are read:
// another package's predicate would need a fact, and the helpers seen
// declare theirs next to them.

// predKey is a function and the index of its parameter (the receiver
// counted) the answer is about.
type predKey struct {
	fn  *ssa.Function
	arg int
}

// predAnswer is a predicate's answer: true exactly when the parameter
// is one of set (in) or none of them (!in); ok false when the function
// is no predicate.
type predAnswer struct {
	set    []string
	in, ok bool
}

// maxPredCases bounds the constants a predicate is read for.
const maxPredCases = 32

// predicate returns what fn answers for each value of its parameter
// arg.
func (p *Program) predicate(fn *ssa.Function, arg, depth int) predAnswer {
	p.mu.Lock()
	if p.preds == nil {
		p.preds = map[predKey]predAnswer{}
	}
	p.mu.Unlock()
	return memo(&p.mu, p.preds, predKey{fn, arg}, func(k predKey) predAnswer {
		return p.readPredicate(k.fn, k.arg, depth)
	})
}

func (p *Program) readPredicate(fn *ssa.Function, arg, depth int) predAnswer {
	res := fn.Signature.Results()
	if res.Len() != 1 || !isBool(res.At(0).Type()) || arg >= len(fn.Params) {
		return predAnswer{}
	}
	prm := fn.Params[arg]
	if b, ok := prm.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return predAnswer{}
	}
	var cases []string
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if v, ok := in.(ssa.Value); ok {
				if set, _, ok := p.methodTest(v, prm, depth); ok {
					cases = append(cases, set...)
				}
			}
		}
	}
	cases = sortedSet(cases)
	if len(cases) > maxPredCases {
		return predAnswer{}
	}
	other, ok := p.answer(fn, prm, nil, depth)
	if !ok {
		return predAnswer{}
	}
	out := predAnswer{set: []string{}, in: !other, ok: true}
	for _, m := range cases {
		a, ok := p.answer(fn, prm, &m, depth)
		if !ok {
			return predAnswer{}
		}
		if a != other {
			out.set = append(out.set, m) // the values whose answer differs from the rest's
		}
	}
	return out
}

// maxPredSteps bounds the blocks one read of a predicate passes.
const maxPredSteps = 64

// answer returns what fn returns when its parameter prm is m (nil: a
// value none of its tests names), and whether that can be told.
func (p *Program) answer(fn *ssa.Function, prm *ssa.Parameter, m *string, depth int) (bool, bool) {
	env := map[ssa.Value]bool{} // the bool phis on the way taken
	val := func(v ssa.Value) (bool, bool) {
		for neg := false; ; v = v.(*ssa.UnOp).X {
			switch x := v.(type) {
			case *ssa.Const:
				if x.Value == nil || x.Value.Kind() != constant.Bool {
					return false, false
				}
				return constant.BoolVal(x.Value) != neg, true
			case *ssa.Phi:
				b, ok := env[x]
				return b != neg, ok
			case *ssa.UnOp:
				if x.Op == token.NOT {
					neg = !neg
					continue
				}
			}
			set, in, ok := p.methodTest(v, prm, depth)
			if !ok {
				return false, false
			}
			member := m != nil && slices.Contains(set, *m)
			return (member == in) != neg, true
		}
	}
	var prev *ssa.BasicBlock
	b := fn.Blocks[0]
	for range maxPredSteps {
		next := maps.Clone(env)
		for _, in := range b.Instrs {
			phi, ok := in.(*ssa.Phi)
			if !ok {
				break
			}
			delete(next, phi)
			if i := slices.Index(b.Preds, prev); i >= 0 {
				if v, ok := val(phi.Edges[i]); ok {
					next[phi] = v
				}
			}
		}
		env = next
		switch t := b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.If:
			v, ok := val(t.Cond)
			if !ok {
				return false, false
			}
			prev, b = b, b.Succs[0]
			if !v {
				b = prev.Succs[1]
			}
		case *ssa.Jump:
			prev, b = b, b.Succs[0]
		case *ssa.Return:
			if len(t.Results) != 1 {
				return false, false
			}
			return val(t.Results[0])
		default:
			return false, false // a panic
		}
	}
	return false, false
}

// RetriedFor returns the values of the parameter prm for which the
// region's loop can make more than one attempt, the attempt being at
// instruction at; nil when any can. A count the loop is bounded by that
// is a constant on each way to the loop (a phi before it, the engine's
// Trips) says, way by way, how many attempts it allows; a way whose
// constant allows one makes a single attempt for the values that take
// it:
//
//	attempts := 4
//	if method == http.MethodPost { // this way: POST, one attempt
//		attempts = 1
//	}
//	for i := 0; i < attempts; i++ { // the other: not POST, four
//
// A count set inside the loop, or one that is not a constant on some
// way, tells nothing.
func (r *Region) RetriedFor(at ssa.Instruction, prm *ssa.Parameter) *MethodGuard {
	if r == nil || r.loop == nil || prm == nil || prm.Parent() != r.fn || at == nil || at.Parent() != r.fn {
		return nil // a count read from a function literal's attempt would miss the rounds it adds
	}
	var out *MethodGuard
	for _, phi := range r.countChoices() {
		retried := &MethodGuard{Only: []string{}} // none yet
		one := false
		for i, e := range phi.Edges {
			if k, ok := Strip(e).(*ssa.Const); ok && isIntConst(k) {
				sub := &Region{p: r.p, fn: r.fn, loop: r.loop, consts: maps.Clone(r.consts)}
				if sub.consts == nil {
					sub.consts = map[ssa.Value]*ssa.Const{}
				}
				sub.consts[phi] = k
				if sub.Trips(at).N == 1 {
					one = true
					continue
				}
			}
			pred := phi.Block().Preds[i]
			retried = retried.Or(r.p.blockGuard(pred, prm).And(r.p.edgeTest(pred, phi.Block(), prm)))
		}
		if one {
			out = out.And(retried)
		}
	}
	return out
}

// countChoices returns the phis before the loop that a test of the loop
// compares: candidates for a count chosen on the way to it.
func (r *Region) countChoices() []*ssa.Phi {
	var out []*ssa.Phi
	for _, b := range r.fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !r.loop.Has(b) {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		for _, o := range []ssa.Value{cmp.X, cmp.Y} {
			phi, ok := Strip(o).(*ssa.Phi)
			if ok && phi.Parent() == r.fn && !r.loop.Has(phi.Block()) && !slices.Contains(out, phi) {
				out = append(out, phi)
			}
		}
	}
	return out
}
