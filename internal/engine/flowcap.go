package engine

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// A clamped wait is at most its limit when the limit is a constant the
// engine can read (a literal, a constant, a package variable only its
// initializer sets):
//
//	d = min(d*2, 8*time.Second)                // Cap 8s
//	d = time.Duration(math.Min(float64(d)*1.5, float64(maxDelay)))
//	d *= 2
//	if d > maxDelay { d = maxDelay }           // Cap maxDelay
//	time.Sleep(backoff(attempt))               // func backoff(n int) time.Duration { return min(base<<n, maxDelay) }
//
// The limit bounds the value on every way round after the first; a loop
// that starts above it (d := 20s; d = min(d*2, 8s)) waits its start
// once, which is At0. A limit the engine cannot read (a parameter, a
// field set elsewhere) leaves Cap 0: the clamp is known (Clamped), its
// value is not. A way round that is neither clamped nor constant (d *= 2
// when d < maxDelay, so up to twice the limit; a helper's return d * 2
// past `if d >= maxDelay { return maxDelay }`) leaves Cap 0 too, and so
// does arithmetic on a clamped value (min(d*2, max) + rand.N(j)).

// upper returns the most a flow can be, when a constant bounds it: a
// constant, or the larger of a clamped value's limit and its first
// value.
func upper(f Flow) (float64, bool) {
	if f.Cap > 0 {
		if f.Known && f.At0 > f.Cap {
			return f.At0, true
		}
		return f.Cap, true
	}
	if f.Known && f.At0 > 0 && f.Growth == nil && !f.Varying && !f.Linear && !f.Random && !f.Opaque {
		return f.At0, true
	}
	return 0, false
}

// joinCap is the cap of a value that is f or g by the way it came: the
// larger of their bounds, 0 when one has none.
func joinCap(f, g Flow) float64 {
	a, okA := upper(f)
	b, okB := upper(g)
	if !okA || !okB {
		return 0
	}
	return max(a, b)
}

// minCap is the cap of min(args...): the least of the args a constant
// bounds, whatever the others are (min(d*2, limit, 8s) <= 8s); 0 when
// none is bounded.
func minCap(all []Flow) float64 {
	c := 0.0
	for _, f := range all {
		if u, ok := upper(f); ok && (c == 0 || u < c) {
			c = u
		}
	}
	return c
}

// guardCap returns the constant C when the way from pred into block to
// is taken only when v <= C (or v < C): pred, or a block above it, ends
// in a branch on v against C whose other way leaves. The builder folds
// the clamp of a loop's value into the loop head's phi, whose ways in
// are then maxDelay and d (taken when d <= maxDelay):
//
//	d *= 2
//	if d > maxDelay { d = maxDelay }
func (fl *flower) guardCap(v ssa.Value, pred, to *ssa.BasicBlock) float64 {
	v = Strip(v)
	for b, n := pred, 0; b != nil && n < 4; b, n = b.Idom(), n+1 {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || len(b.Succs) != 2 {
			continue
		}
		c, ok := ifi.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		op, limit := c.Op, c.Y
		switch {
		case Strip(c.X) == v:
		case Strip(c.Y) == v:
			op, limit = swap(c.Op), c.X
		default:
			continue
		}
		var within *ssa.BasicBlock // the way taken when v is at most the limit
		switch op {
		case token.GTR, token.GEQ:
			within = b.Succs[1]
		case token.LSS, token.LEQ:
			within = b.Succs[0]
		default:
			continue
		}
		other := b.Succs[0]
		if within == other {
			other = b.Succs[1]
		}
		switch {
		case b == pred:
			if within != to || other == to {
				return 0
			}
		case len(within.Preds) != 1 || !within.Dominates(pred):
			return 0
		}
		if u, ok := upper(fl.flow(limit)); ok {
			return u
		}
		return 0
	}
	return 0
}
