package engine

import (
	"go/token"
	"go/types"
	"math"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// A clamp applied to a wait computed from an attempt counter lets
// through what the growth wrapped to (hemilabs/heminetwork#664):
//
//	for attempt := 0; ; attempt++ {
//		...
//		d := time.Second * (1 << attempt) // 1s<<34 is past int64: negative
//		if d > maxDelay {                 // a negative d is not above it
//			d = maxDelay
//		}
//		time.Sleep(d)                     // no wait: the retry spins
//	}
//
// The product base * factor^n passes 2^63 at the n for which base *
// factor^n >= 2^63 (34 for 1s and a factor 2; 63 at the latest for any
// base of at least 1ns) and wraps: negative, zero, or a value of no
// use, and from n = 64 on a shift gives 0. A float power converted to
// an integer (time.Duration(math.Pow(2, n)) * base) is
// implementation-dependent past 2^63: amd64 gives the most negative
// value. The clamp is applied after that, and tests only the top.
//
// None of this happens when the counter stops first (a guard every way
// round passes that compares it with a constant, with n below the
// overflow at its most), when the exponent is clamped before the growth
// (min(attempt, 10), if attempt > 10 { attempt = 10 }: Flow.Clamped on
// the exponent), when the growth is clamped in floating point
// (math.Min(float64(base)*math.Pow(2, n), max): a float does not wrap),
// when the value is tested for its sign or a floor (if d <= 0 || d >
// max), or when the value grows from itself and is clamped every round
// (d = min(d*2, max): it never passes max). A counter the loop compares
// with anything else than zero, in a way the engine does not read as a
// guard (a limit of unknown size, an exit only some ways round pass, a
// call handed the counter that may test it), is of unknown reach: no
// wrap is claimed.

// growth is a value made from a loop's counter and not clamped yet:
// base * factor^(counter+off).
type growth struct {
	counter *ssa.Phi
	off     int64
	base    float64 // the value at exponent 0, > 0 when known
	factor  float64
	// integer: the value has been an integer on the way, so it wraps
	// rather than going to +Inf
	integer bool
	// vals are the values it went through, to find a test of the sign
	vals []ssa.Value
}

// through is the flow of v, a conversion of x.
func (fl *flower) through(v, x ssa.Value) Flow {
	f := fl.flow(x)
	if f.grow != nil {
		f.grow = f.grow.with(v)
	}
	return f
}

// with returns a copy of g that went through v.
func (g *growth) with(v ssa.Value) *growth {
	h := *g
	h.vals = append(slices.Clip(g.vals), v)
	h.integer = h.integer || isInteger(v.Type())
	return &h
}

// grown returns the growth a shift or a power at makes from the exponent
// e (of flow exp) and the base (of flow base), or nil when the exponent
// is not a counter of the region's loop or is clamped before.
func (fl *flower) grown(at ssa.Value, e ssa.Value, exp, base Flow, factor float64) *growth {
	if exp.Clamped || factor <= 1 || base.Growth != nil || base.Varying || base.Random {
		return nil
	}
	phi, off, ok := fl.counterOf(e)
	if !ok {
		return nil
	}
	g := &growth{counter: phi, off: off, factor: factor}
	if fixed(base) && base.At0 > 0 {
		g.base = base.At0
	}
	return g.with(at)
}

// scaled returns the growth of b, a product or a quotient of a growth
// (x or y) by a value that does not grow: time.Second * (1 << attempt).
func scaled(b *ssa.BinOp, x, y Flow) *growth {
	g, other := x.grow, y
	if g == nil && b.Op == token.MUL {
		g, other = y.grow, x
	}
	if g == nil || other.grow != nil || other.Growth != nil || other.Varying || other.Random || other.Linear {
		return nil
	}
	h := g.with(b)
	switch {
	case !fixed(other) || g.base <= 0:
		h.base = 0
	case b.Op == token.MUL && other.At0 > 0:
		h.base *= other.At0
	case b.Op == token.QUO && other.At0 > 0:
		h.base /= other.At0
	default:
		return nil
	}
	return h
}

// counterOf returns the head phi of the region's loop v counts from,
// with the constant added to it (attempt, attempt-1), through the
// parameters of the package's helpers the loop calls.
func (fl *flower) counterOf(v ssa.Value) (*ssa.Phi, int64, bool) {
	v = Strip(v)
	switch v := v.(type) {
	case *ssa.Parameter:
		if fl.caller == nil || fl.called == nil {
			return nil, 0, false
		}
		i := slices.Index(v.Parent().Params, v)
		if i < 0 || i >= len(fl.called.Args) {
			return nil, 0, false
		}
		return fl.caller.counterOf(fl.called.Args[i])
	case *ssa.BinOp:
		if (v.Op == token.ADD || v.Op == token.SUB) && isIntConst(Strip(v.Y)) {
			phi, off, ok := fl.counterOf(v.X)
			n := intConst(Strip(v.Y))
			if v.Op == token.SUB {
				n = -n
			}
			return phi, off + n, ok
		}
	case *ssa.Phi:
		if l := fl.r.loop; l != nil && v.Parent() == fl.r.fn && v.Block() == l.Header {
			return v, 0, true
		}
	}
	return nil, 0, false
}

// wrapClamp records in f a clamp made of a comparison with cmps (nil
// for min) applied to what flowed in (in): a growth still pending there
// that wraps first makes f WrapsBeforeClamp; out is the clamp's result.
// Either way the growth is clamped now and no longer pending.
func (fl *flower) wrapClamp(f *Flow, in []Flow, cmps []*ssa.BinOp, out ssa.Value) {
	f.grow = nil
	for _, g := range in {
		p := g.grow
		if p == nil || !p.integer {
			continue
		}
		if cmps != nil && !slices.ContainsFunc(cmps, func(c *ssa.BinOp) bool { return p.has(c.X) || p.has(c.Y) }) {
			continue // the test is on something else: if attempt > 10 { d = max }
		}
		if signTested(append(slices.Clip(p.vals), out), cmps) {
			continue
		}
		if n := fl.wrapAfter(p); n > 0 {
			f.WrapsBeforeClamp = true
			f.WrapsAfter = minPositive(f.WrapsAfter, n)
			for _, v := range slices.Backward(p.vals) {
				if in, ok := v.(ssa.Instruction); ok && f.WrapsAt == nil && v.Pos().IsValid() {
					f.WrapsAt = in
				}
			}
		}
	}
}

// has reports whether v is one of the values the growth went through.
func (g *growth) has(v ssa.Value) bool {
	v = Strip(v)
	return slices.ContainsFunc(g.vals, func(x ssa.Value) bool { return Strip(x) == v })
}

// wrapAfter returns the round whose wait has wrapped first (the first
// round's wait being computed from the counter's first value), or 0 when
// the counter stops before or its reach is not known.
func (fl *flower) wrapAfter(g *growth) int {
	from, step, most, ok := fl.r.counterReach(g.counter)
	if !ok {
		return 0
	}
	from += g.off
	most += g.off
	base := g.base
	if base <= 0 {
		base = 1 // 1ns, the least a wait can be: it wraps at the latest
	}
	e, w := int64(0), base
	for ; w < math.MaxInt64 && e < 4096; e++ {
		w *= g.factor
	}
	if e >= 4096 || most >= from && most < e {
		return 0
	}
	if e <= from {
		return 1
	}
	return int((e-from+step-1)/step) + 1
}

// counterReach returns a counter's first value, its step, and the most
// it reaches where a way round reads it (most < from when nothing bounds
// it); ok false when it is not a constant stepped by a constant, or
// something may bound it that the engine does not read.
func (r *Region) counterReach(phi *ssa.Phi) (from, step, most int64, ok bool) {
	init, step, ok := r.induction(phi)
	if !ok || step <= 0 || !isIntConst(init) {
		return 0, 0, 0, false
	}
	from = intConst(init)
	if t := r.Trips(nil); t.N > 0 {
		return from, step, from + int64(t.N-1)*step, true
	} else if t.Param != nil {
		return 0, 0, 0, false // counted against a limit of unknown size
	}
	if r.mayBound(phi, 0) {
		return 0, 0, 0, false
	}
	return from, step, from - 1, true
}

// mayBound reports whether v, a counter or what is made from it, is
// compared with anything else than zero (attempt > 0 stops nothing that
// grows), stored, or handed to a call that is not the package's helper
// with no such test: a limit the engine does not read.
func (r *Region) mayBound(v ssa.Value, depth int) bool {
	if depth > 3 {
		return true
	}
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, in := range *refs {
		switch in := in.(type) {
		case *ssa.BinOp:
			switch {
			case isCompare(in.Op):
				if !isZero(Strip(in.X)) && !isZero(Strip(in.Y)) {
					return true
				}
			case in.Op == token.ADD || in.Op == token.SUB:
				if r.mayBound(in, depth+1) {
					return true
				}
			}
		case *ssa.Convert, *ssa.ChangeType:
			if r.mayBound(in.(ssa.Value), depth+1) {
				return true
			}
		case *ssa.Store:
			return true
		case *ssa.Call:
			if analysisutil.PkgPath(Callee(in)) == "math" {
				// math.Pow(2, float64(attempt)): a pure function, whose
				// result is what may be compared
				if r.mayBound(in, depth+1) {
					return true
				}
				continue
			}
			callee := in.Call.StaticCallee()
			if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg != r.p.pkg || len(callee.Blocks) == 0 || len(callee.Params) != len(in.Call.Args) {
				return true
			}
			for i, a := range in.Call.Args {
				if a == v && r.mayBound(callee.Params[i], depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// signTested reports whether any of vals, or a conversion of one, is
// compared with zero or from below (d <= 0, d < minDelay) elsewhere
// than in the clamp's own tests (except: if d < max {} else { d = max }):
// a guard against what a wrap leaves.
func signTested(vals []ssa.Value, except []*ssa.BinOp) bool {
	seen := map[ssa.Value]bool{}
	var tested func(v ssa.Value) bool
	tested = func(v ssa.Value) bool {
		if v == nil || seen[v] {
			return false
		}
		seen[v] = true
		refs := v.Referrers()
		if refs == nil {
			return false
		}
		for _, in := range *refs {
			switch in := in.(type) {
			case *ssa.BinOp:
				if low(in, v) && !slices.Contains(except, in) {
					return true
				}
			case *ssa.Convert, *ssa.ChangeType:
				if tested(in.(ssa.Value)) {
					return true
				}
			}
		}
		return false
	}
	return slices.ContainsFunc(vals, tested)
}

// low reports a comparison c of v with zero, or one that tests v from
// below: v < x, v <= x, x > v, x >= v.
func low(c *ssa.BinOp, v ssa.Value) bool {
	if !isCompare(c.Op) {
		return false
	}
	if isZero(Strip(c.X)) || isZero(Strip(c.Y)) {
		return true
	}
	left := c.X == v
	switch c.Op {
	case token.LSS, token.LEQ:
		return left
	case token.GTR, token.GEQ:
		return !left
	}
	return false
}

// orderedConds returns the ordering comparisons that choose a phi's way
// in: the branches between its idom and it.
func orderedConds(phi *ssa.Phi) []*ssa.BinOp {
	idom := phi.Block().Idom()
	if idom == nil {
		return nil
	}
	var out []*ssa.BinOp
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), phi.Block().Preds...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] || !idom.Dominates(b) {
			continue
		}
		seen[b] = true
		if orderedIf(b) {
			out = append(out, b.Instrs[len(b.Instrs)-1].(*ssa.If).Cond.(*ssa.BinOp))
		}
		if b != idom {
			stack = append(stack, b.Preds...)
		}
	}
	return out
}

// unwrapped clears a wrap that a test of the value's sign on its way to
// v guards against: if d <= 0 { d = maxDelay } after the clamp.
func unwrapped(f *Flow, v ssa.Value) {
	if !f.WrapsBeforeClamp && f.grow == nil {
		return
	}
	seen := map[ssa.Value]bool{}
	var vals []ssa.Value
	var clamps []*ssa.BinOp
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		if seen[v] || len(seen) > 64 {
			return
		}
		seen[v] = true
		vals = append(vals, v)
		switch v := v.(type) {
		case *ssa.Convert:
			walk(v.X)
		case *ssa.ChangeType:
			walk(v.X)
		case *ssa.Phi:
			clamps = append(clamps, orderedConds(v)...)
			for _, e := range v.Edges {
				walk(e)
			}
		case *ssa.BinOp:
			walk(v.X)
			if v.Op != token.SHL {
				walk(v.Y) // not the exponent: attempt > 0 guards no wait
			}
		case *ssa.Call:
			if b, ok := v.Call.Value.(*ssa.Builtin); ok && (b.Name() == "min" || b.Name() == "max") {
				for _, a := range v.Call.Args {
					walk(a)
				}
			}
		}
	}
	walk(v)
	if signTested(vals, clamps) {
		f.WrapsBeforeClamp, f.WrapsAfter, f.WrapsAt, f.grow = false, 0, nil, nil
	}
}

// floored reports a max with a value that is a positive constant: it
// lets no zero or negative wait through.
func floored(all []Flow) bool {
	return slices.ContainsFunc(all, func(g Flow) bool { return fixed(g) && g.At0 > 0 })
}

func isCompare(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func minPositive(a, b int) int {
	if a <= 0 || b > 0 && b < a {
		return b
	}
	return a
}
