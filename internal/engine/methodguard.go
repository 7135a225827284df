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
// let the subject s be, or nil. Every path to in enters each block
// that dominates in through one of the block's predecessors; when each
// of them enters it on a test of s (an edge of an if on s), s passes
// one of those tests:
//
//	if method == http.MethodPost { ...; return }     // the rest: not POST
//	switch method { case http.MethodGet, http.MethodPut: ... } // the case: GET or PUT
//	if !retryable[method] { ... }                    // the else: a key of the table
//	if !isIdempotent(method) { return c.once(...) }  // the rest: what isIdempotent accepts
//	if !canRetry(req) { retries = 0 }                // a predicate handed the request
func (p *Program) GuardAt(in ssa.Instruction, s *Subject) *MethodGuard {
	if in == nil || s == nil || in.Block() == nil {
		return nil
	}
	return p.blockGuard(in.Block(), s.in(p))
}

// blockGuard returns what the paths to b let s be.
func (p *Program) blockGuard(b *ssa.BasicBlock, s *Subject) *MethodGuard {
	var g *MethodGuard
	for ; b != nil; b = b.Idom() {
		g = g.And(p.entryGuard(b, s))
	}
	return g
}

// entryGuard returns what the edges into b let s be: nil unless every
// edge into b is a branch of an if that tests s. Tests of several
// edges are joined when each names the values s is one of (the cases
// of a switch, a || of ==); a single edge's test is taken as it is.
func (p *Program) entryGuard(b *ssa.BasicBlock, s *Subject) *MethodGuard {
	if len(b.Preds) == 0 {
		return nil
	}
	only := []string{} // none yet: an edge no value takes adds nothing
	for _, pred := range b.Preds {
		g := p.edgeTest(pred, b, s)
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

// edgeTest returns what taking the edge from pred to b says of s: nil
// unless pred ends in an if on s whose branches differ.
func (p *Program) edgeTest(pred, b *ssa.BasicBlock, s *Subject) *MethodGuard {
	ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
	if !ok || pred.Succs[0] == pred.Succs[1] {
		return nil
	}
	t, f, ok := p.methodTest(ifi.Cond, s, 0)
	if !ok {
		return nil
	}
	if pred.Succs[0] == b {
		return t
	}
	return f
}

// maxTestDepth bounds the tests read inside one another: negations, and
// predicates that call predicates.
const maxTestDepth = 4

// methodTest reads a condition on the subject s, and returns what it
// lets s be when it holds (t) and when it does not (f); nil is any
// value. Read are m == "POST", m != "POST", !cond, a lookup in a table
// of methods (methodTable), a call of a predicate of the package handed
// m or the request (predicate), and, for a request, the tests of its
// key header and body (requestTest).
func (p *Program) methodTest(v ssa.Value, s *Subject, depth int) (t, f *MethodGuard, ok bool) {
	if depth > maxTestDepth {
		return nil, nil, false
	}
	// exact is the test that holds exactly when s is one of set.
	exact := func(set []string, in bool) (t, f *MethodGuard, ok bool) {
		t, f = &MethodGuard{Only: sortedSet(set)}, &MethodGuard{Not: sortedSet(slices.Clone(set))}
		if !in {
			t, f = f, t
		}
		return t, f, true
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			t, f, ok = p.methodTest(x.X, s, depth+1)
			return f, t, ok
		}
	case *ssa.BinOp:
		if t, f, ok := s.requestTest(x); ok {
			return t, f, true
		}
		if x.Op != token.EQL && x.Op != token.NEQ {
			return nil, nil, false
		}
		for _, o := range [][2]ssa.Value{{x.X, x.Y}, {x.Y, x.X}} {
			k, isConst := o[1].(*ssa.Const)
			if s.is(o[0]) && isConst && k.Value != nil && k.Value.Kind() == constant.String {
				return exact([]string{constant.StringVal(k.Value)}, x.Op == token.EQL)
			}
		}
	case *ssa.Lookup: // retryable[method]
		if x.CommaOk || !s.is(x.Index) {
			return nil, nil, false
		}
		if keys, _, ok := p.methodTable(x.X); ok {
			return exact(keys, true)
		}
	case *ssa.Extract: // _, ok := known[method]
		l, isLookup := x.Tuple.(*ssa.Lookup)
		if !isLookup || x.Index != 1 || !s.is(l.Index) {
			return nil, nil, false
		}
		if _, all, ok := p.methodTable(l.X); ok {
			return exact(all, true)
		}
	case *ssa.Call: // isIdempotent(method), canRetry(req)
		fn := x.Call.StaticCallee()
		if !p.own(fn) || len(fn.Params) != len(x.Call.Args) {
			return nil, nil, false
		}
		arg, req := -1, false
		for i, a := range x.Call.Args {
			if sub := s.handedTo(a, fn.Params[i]); sub != nil {
				if arg >= 0 {
					return nil, nil, false // f(method, method)
				}
				arg, req = i, sub.req
			}
		}
		if arg < 0 {
			return nil, nil, false
		}
		a := p.predicate(fn, arg, req, s.key, depth+1)
		return a.t, a.f, a.ok
	}
	return nil, nil, false
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

// A function of the package whose body tests its string parameter, or
// the method of its request parameter, is a test of the argument it is
// handed:
//
//	func isIdempotent(method string) bool {
//		switch method {
//		case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete:
//			return true
//		}
//		return false
//	}
//
//	func canRetry(r *http.Request) bool {
//		if r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0 {
//			return false
//		}
//		return isIdempotent(r.Method)
//	}
//
// Its answers are read once for each constant the body tests the
// subject against, and once for a value that is none of them: each
// read follows the ways through the body those tests allow, both ways
// of a branch on anything else, to the returns of a constant or of such
// a test (return m == "GET" || m == "HEAD"), and collects what it can
// return. A body that goes round a loop is no predicate; a way that
// panics returns nothing. Only the package's own functions are read:
// another package's predicate would need a fact, and the helpers seen
// declare theirs next to them.

// predKey is a function, the index of its parameter (the receiver
// counted) the answer is about, and whether that is a request.
type predKey struct {
	fn  *ssa.Function
	arg int
	req bool
}

// predAnswer is a predicate's answer: what its parameter can be when it
// returns true (t) and when it returns false (f); ok false when the
// function is no predicate.
type predAnswer struct {
	t, f *MethodGuard
	ok   bool
}

// maxPredCases bounds the constants a predicate is read for.
const maxPredCases = 32

// predicate returns what fn answers for each value of its parameter
// arg; key names the key headers of a request parameter.
func (p *Program) predicate(fn *ssa.Function, arg int, req bool, key func(string) bool, depth int) predAnswer {
	p.mu.Lock()
	if p.preds == nil {
		p.preds = map[predKey]predAnswer{}
	}
	p.mu.Unlock()
	return memo(&p.mu, p.preds, predKey{fn, arg, req}, func(k predKey) predAnswer {
		return p.readPredicate(k.fn, k.arg, k.req, key, depth)
	})
}

func (p *Program) readPredicate(fn *ssa.Function, arg int, req bool, key func(string) bool, depth int) predAnswer {
	res := fn.Signature.Results()
	if res.Len() != 1 || !isBool(res.At(0).Type()) || arg >= len(fn.Params) {
		return predAnswer{}
	}
	s := MethodParam(fn.Params[arg])
	if req {
		s = RequestMethod(fn.Params[arg], key)
	} else if b, ok := s.prm.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return predAnswer{}
	}
	if s == nil {
		return predAnswer{}
	}
	var cases []string
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if v, ok := in.(ssa.Value); ok {
				if t, f, ok := p.methodTest(v, s, depth); ok {
					for _, g := range []*MethodGuard{t, f} {
						if g != nil {
							cases = append(append(cases, g.Only...), g.Not...)
						}
					}
				}
			}
		}
	}
	cases = sortedSet(cases)
	if len(cases) > maxPredCases {
		return predAnswer{}
	}
	otherT, otherF, ok := p.answer(fn, s, nil, depth)
	if !ok {
		return predAnswer{}
	}
	var diffT, diffF []string // the values whose answers differ from the rest's
	for _, m := range cases {
		t, f, ok := p.answer(fn, s, &m, depth)
		if !ok {
			return predAnswer{}
		}
		if t != otherT {
			diffT = append(diffT, m)
		}
		if f != otherF {
			diffF = append(diffF, m)
		}
	}
	return predAnswer{t: answerGuard(otherT, diffT), f: answerGuard(otherF, diffF), ok: true}
}

// answerGuard returns the guard of the values that can give an answer,
// from whether the values no test names can (other) and the values for
// which it is the other way round.
func answerGuard(other bool, diff []string) *MethodGuard {
	switch {
	case !other:
		return &MethodGuard{Only: append([]string{}, diff...)}
	case len(diff) > 0:
		return &MethodGuard{Not: diff}
	}
	return nil
}

// maxPredSteps bounds the blocks the reads of a predicate pass, all its
// ways together.
const maxPredSteps = 256

// answer returns whether fn can return true and whether it can return
// false when its subject s is m (nil: a value none of its tests names),
// and whether that can be told.
func (p *Program) answer(fn *ssa.Function, s *Subject, m *string, depth int) (canT, canF, ok bool) {
	allows := func(g *MethodGuard) bool {
		if m == nil {
			return g == nil || g.Only == nil
		}
		return g.Allows(*m)
	}
	// val returns what v can be on the way taken, env its bool phis.
	var val func(v ssa.Value, env map[ssa.Value]bool) (t, f bool)
	val = func(v ssa.Value, env map[ssa.Value]bool) (bool, bool) {
		switch x := v.(type) {
		case *ssa.Const:
			if x.Value != nil && x.Value.Kind() == constant.Bool {
				b := constant.BoolVal(x.Value)
				return b, !b
			}
		case *ssa.Phi:
			if b, known := env[x]; known {
				return b, !b
			}
			return true, true
		case *ssa.UnOp:
			if x.Op == token.NOT {
				t, f := val(x.X, env)
				return f, t
			}
		}
		if t, f, ok := p.methodTest(v, s, depth); ok {
			return allows(t), allows(f)
		}
		return true, true // a test of something else: either way
	}
	type way struct {
		b, prev *ssa.BasicBlock
		env     map[ssa.Value]bool
	}
	work := []way{{b: fn.Blocks[0], env: map[ssa.Value]bool{}}}
	for steps := 0; len(work) > 0; steps++ {
		if steps > maxPredSteps {
			return false, false, false
		}
		w := work[len(work)-1]
		work = work[:len(work)-1]
		env := maps.Clone(w.env)
		for _, in := range w.b.Instrs {
			phi, isPhi := in.(*ssa.Phi)
			if !isPhi {
				break
			}
			delete(env, phi)
			if i := slices.Index(w.b.Preds, w.prev); i >= 0 {
				if t, f := val(phi.Edges[i], w.env); t != f {
					env[phi] = t
				}
			}
		}
		switch t := w.b.Instrs[len(w.b.Instrs)-1].(type) {
		case *ssa.If:
			ct, cf := val(t.Cond, env)
			if ct {
				work = append(work, way{t.Block().Succs[0], w.b, env})
			}
			if cf {
				work = append(work, way{t.Block().Succs[1], w.b, env})
			}
		case *ssa.Jump:
			work = append(work, way{w.b.Succs[0], w.b, env})
		case *ssa.Return:
			if len(t.Results) != 1 {
				return false, false, false
			}
			rt, rf := val(t.Results[0], env)
			canT, canF = canT || rt, canF || rf
		}
		// a panic returns nothing
	}
	return canT, canF, true
}

// RetriedFor returns the values of the subject s for which the
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
// way, tells nothing. The tests on the way back to the loop's header
// after the attempt say which values go round at all:
//
//	for attempt := 0; ; attempt++ {
//		resp, err := t.next.RoundTrip(req)
//		if attempt == retryMax || req.Method != http.MethodGet || err == nil {
//			return resp, err // the rest: GET, round again
//		}
func (r *Region) RetriedFor(at ssa.Instruction, s *Subject) *MethodGuard {
	if r == nil || r.loop == nil || s == nil || s.prm.Parent() != r.fn || at == nil || at.Parent() != r.fn {
		return nil // a count read from a function literal's attempt would miss the rounds it adds
	}
	s = s.in(r.p)
	// The loop goes round only by its back edges: the tests every way
	// from the attempt back to the header passes say which values it
	// resends (if method != http.MethodGet { return err } after it).
	out := none()
	for _, pred := range r.loop.Header.Preds {
		if r.loop.Has(pred) {
			out = out.Or(r.p.blockGuard(pred, s).And(r.p.edgeTest(pred, r.loop.Header, s)))
		}
	}
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
			retried = retried.Or(r.p.blockGuard(pred, s).And(r.p.edgeTest(pred, phi.Block(), s)))
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
