package engine

import (
	"go/constant"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A jittered wait is a delay, growing or fixed, plus a random share:
//
//	time.Sleep(d + rand.N(d/2))
//	time.Sleep(base<<attempt + time.Duration(rand.Int63n(int64(jitter))))
//	time.Sleep(2*time.Second + rand.N(time.Second))
//
// Its first value is not known, but it is at least the delay's, which
// is what a lower bound on the waits needs (an unbounded growth's long
// wait, a retry's waits against a deadline). Only jitter that cannot be
// negative counts: a call of a random function other than NormFloat64
// (rand.N, Int63n, Intn, Float64 are never negative), converted or not,
// or of a helper of the package that returns one, or such a draw times
// a value that is never negative (rand.Float64() * float64(d/4)); how
// large it is does not matter (rand.N(j), j a parameter), but its sign
// does (rand.Float64() * float64(j) may be negative, and so may
// (rand.Float64() - 0.5) * x). The growth must be the delay's: in
// time.Second + rand.N(d) only the jitter grows, and the wait is at
// least 1s each time, not 1s doubling. When the delay is clamped at a
// constant limit (d = min(d*2, 8*time.Second)), the floors grow up to
// that limit (FloorCap); the wait's own most is the limit plus the
// jitter's (flowcap.go). A wait that can be shorter than the delay has
// no floor:
//
//	time.Sleep(rand.N(d))                     // full jitter
//	time.Sleep(d - rand.N(d/4))
//	time.Sleep(d - time.Duration(rand.Float64()*float64(d/4)))
//	time.Sleep((d + rand.N(d)) / 2)
//	time.Sleep(time.Duration(float64(d) * rand.Float64()))
//
// and a value that is one or the other by the way it came is at least
// the least of its ways, when each has one.

// floor reads a sum b of flows x and y where one side is a jitter added
// to the other, base: a random value that is never negative, added to a
// value that is known or has a floor itself (d + rand.N(a) + rand.N(b)).
// It returns the least first value of the sum, base's, and base.
func (fl *flower) floor(b *ssa.BinOp, x, y Flow) (least float64, base Flow, ok bool) {
	if b.Op != token.ADD {
		return 0, Flow{}, false
	}
	switch {
	case jitterOn(fl.r.p, x, y, b.Y):
		return leastOf(x), x, true
	case jitterOn(fl.r.p, y, x, b.X):
		return leastOf(y), y, true
	}
	return 0, Flow{}, false
}

// jitterOn reports whether j, the flow of jv, is a jitter added to base:
// random, never negative, and growing no more than base does.
func jitterOn(p *Program, base, j Flow, jv ssa.Value) bool {
	return !j.Known && j.Random && leastOf(base) > 0 && p.nonNegRandom(jv, 0) &&
		(base.Growth != nil || j.Growth == nil && !j.Varying && !j.Linear)
}

// leastOf is the least first value of a flow: its first value when
// known, else its floor, 0 when neither is known.
func leastOf(f Flow) float64 {
	if f.Known {
		return f.At0
	}
	return f.Floor
}

// floorCapOf is the clamp a flow's floors grow up to: a known value's
// cap (its n-th value is min(At0 * Factor^n, Cap)), else the cap of the
// value its jitter is added to.
func floorCapOf(f Flow) float64 {
	if f.Known {
		return f.Cap
	}
	return f.FloorCap
}

// joinFloorCap is the clamp the floors of a value that is f or g by the
// way it came grow up to: the lower of the two, 0 when one has none.
func joinFloorCap(f, g Flow) float64 {
	a, b := floorCapOf(f), floorCapOf(g)
	if a <= 0 || b <= 0 {
		return 0
	}
	return min(a, b)
}

// joinFloor is the floor of a value that is f or g by the way it came:
// the least of their least values, 0 when one has none.
func joinFloor(f, g Flow) float64 {
	a, b := leastOf(f), leastOf(g)
	if a <= 0 || b <= 0 {
		return 0
	}
	return min(a, b)
}

// nonNegRandom reports a call of a random function that returns no
// negative number, through conversions, or of a helper of the package
// whose every return is one (func jitter(d) time.Duration { return
// time.Duration(rand.Int63n(int64(d))) }), two calls down, or such a
// call times, or divided by, a value that is never negative (nonNeg):
//
//	time.Duration(rand.Float64() * float64(d/4))
//	time.Duration(rand.Float64() * float64(d) / 4)
func (p *Program) nonNegRandom(v ssa.Value, depth int) bool {
	v = Strip(v)
	if b, ok := v.(*ssa.BinOp); ok {
		switch b.Op {
		case token.MUL:
			return p.nonNegRandom(b.X, depth) && p.nonNeg(b.Y) || p.nonNegRandom(b.Y, depth) && p.nonNeg(b.X)
		case token.QUO:
			return p.nonNegRandom(b.X, depth) && p.nonNeg(b.Y)
		}
		return false
	}
	c, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	if fn := Callee(c); fn != nil && catalog.IsRandom(fn) {
		// NormFloat64 is negative half the time; Uint64 and Uint cover
		// the whole unsigned range, which time.Duration(rand.Uint64())
		// turns negative half the time.
		switch fn.Name() {
		case "NormFloat64", "Uint64", "Uint":
			return false
		}
		return true
	}
	callee := c.Call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg != p.pkg || len(callee.Blocks) == 0 || depth >= 2 {
		return false
	}
	returns := 0
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if len(ret.Results) != 1 || !p.nonNegRandom(ret.Results[0], depth+1) {
			return false
		}
		returns++
	}
	return returns > 0
}

// addedTo reports whether v is the parameter prm plus jitters that cannot
// be negative, through conversions: what a wait helper waits when it
// waits at least what it is given.
//
//	time.Sleep(d + rand.N(d/4))
//	time.Sleep(time.Duration(rand.Int63n(int64(j))) + d)
func (p *Program) addedTo(v ssa.Value, prm *ssa.Parameter) bool {
	v = Strip(v)
	if v == ssa.Value(prm) {
		return true
	}
	b, ok := v.(*ssa.BinOp)
	if !ok || b.Op != token.ADD {
		return false
	}
	return p.addedTo(b.X, prm) && p.nonNegRandom(b.Y, 0) || p.addedTo(b.Y, prm) && p.nonNegRandom(b.X, 0)
}

// nonNeg reports a value that is never negative, overflow aside: a
// constant that is not, a draw nonNegRandom accepts, a sum, product or
// quotient of such values, a min of them all or a max of one, and a phi
// each of whose ways in is one, a loop's value round the loop by
// induction (d := time.Second; d = min(d*2, maxDelay)). A parameter, a
// difference, a field: not known.
func (p *Program) nonNeg(v ssa.Value) bool {
	in := map[ssa.Value]bool{}
	var nonNeg func(v ssa.Value) bool
	nonNeg = func(v ssa.Value) bool {
		v = Strip(v)
		if in[v] {
			return true // the loop's value, as its first value and updates make it
		}
		if len(in) > 32 {
			return false
		}
		in[v] = true
		defer delete(in, v)
		switch v := v.(type) {
		case *ssa.Const:
			return v.Value != nil && (v.Value.Kind() == constant.Int || v.Value.Kind() == constant.Float) && constant.Sign(v.Value) >= 0
		case *ssa.BinOp:
			switch v.Op {
			case token.ADD, token.MUL, token.QUO:
				return nonNeg(v.X) && nonNeg(v.Y)
			case token.SHL, token.SHR:
				return nonNeg(v.X)
			}
		case *ssa.Phi:
			return !slices.ContainsFunc(v.Edges, func(e ssa.Value) bool { return !nonNeg(e) })
		case *ssa.Call:
			if b, ok := v.Call.Value.(*ssa.Builtin); ok {
				switch b.Name() {
				case "min":
					return !slices.ContainsFunc(v.Call.Args, func(a ssa.Value) bool { return !nonNeg(a) })
				case "max":
					return slices.ContainsFunc(v.Call.Args, nonNeg)
				}
				return false
			}
			return p.nonNegRandom(v, 0)
		}
		return false
	}
	return nonNeg(v)
}
