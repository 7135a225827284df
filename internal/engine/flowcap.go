package engine

import (
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
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
// past `if d >= maxDelay { return maxDelay }`) leaves Cap 0 too.
//
// Arithmetic on bounded values is bounded (binCap): a jitter whose own
// bound is known, added to a clamped delay, is at most the limit plus
// the jitter's most, and taken away, at most the limit:
//
//	time.Sleep(d + rand.N(d/2))                                 // d <= 8s: Cap 12s
//	time.Sleep(d + time.Duration(rand.Float64()*float64(d/4)))  // Cap 10s
//	time.Sleep(d - rand.N(d/4))                                 // Cap 8s
//	time.Sleep(rand.N(d))                                       // Cap 8s
//
// A draw is below its bound: rand.N(x), Intn(x), Int63n(x) and their
// kin below x when x has a most, Float64() below 1 (drawCap). One whose
// bound is not seen (rand.N(j), j a parameter; rand.Int63();
// ExpFloat64()) leaves the sum's Cap 0.

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
	if fixed(f) && f.At0 > 0 {
		return f.At0, true
	}
	return 0, false
}

// fixed reports a flow that is one known value every time: a constant.
func fixed(f Flow) bool {
	return f.Known && f.Growth == nil && !f.Varying && !f.Linear && !f.Random && !f.Opaque
}

// binCap is the most b, of operands x and y, can be from the most of
// each (upper); 0 when it is not bounded so. A product needs a factor
// that is never negative (nonNeg: a draw, a constant): 0 <= x <= a and
// y <= c give x*y <= a*c whatever y's sign. A difference needs a
// subtrahend that is never negative: d - rand.N(d/4) <= d. A known
// value that grows keeps a cap only through a product or a quotient by
// a constant: its n-th value is then min(At0 * Factor^n, Cap), which
// d + time.Second is not (1.5s, 2s, 3s, 5s, 9s for d = min(d*2, 8s)
// from 0.5s, where the rule gives 1.5s, 3s, 6s, 9s).
func (fl *flower) binCap(b *ssa.BinOp, x, y Flow) float64 {
	ux, okx := upper(x)
	uy, oky := upper(y)
	if !okx || fixed(x) && fixed(y) {
		return 0 // a constant's bound is its value
	}
	grows := x.Known && y.Known && (x.Growth != nil || y.Growth != nil)
	c := 0.0
	switch b.Op {
	case token.ADD:
		if oky && !grows {
			c = ux + uy
		}
	case token.SUB:
		if !grows && fl.r.p.nonNeg(b.Y) {
			c = ux
		}
	case token.MUL:
		if oky && (!grows || fixed(x) || fixed(y)) && (fl.r.p.nonNeg(b.X) || fl.r.p.nonNeg(b.Y)) {
			c = ux * uy
		}
	case token.QUO:
		if fixed(y) && y.At0 > 0 {
			c = ux / y.At0
		}
	}
	if c <= 0 || math.IsInf(c, 0) || math.IsNaN(c) {
		return 0
	}
	return c
}

// drawCap is the most a draw of math/rand can be: below its bound for
// rand.N(x), Intn(x), Int63n(x) and their kin when x has a most, below 1
// for Float64 and Float32; 0 for the others (Int63, ExpFloat64), for
// crypto/rand and for a jitter function of another package.
func drawCap(fn *types.Func, all []Flow) float64 {
	if p := analysisutil.PkgPath(fn); p != "math/rand" && p != "math/rand/v2" {
		return 0
	}
	switch fn.Name() {
	case "Float64", "Float32":
		return 1
	case "N", "Intn", "IntN", "Int31n", "Int32N", "Int63n", "Int64N", "UintN", "Uint32N", "Uint64N":
		if len(all) > 0 {
			if u, ok := upper(all[len(all)-1]); ok {
				return u
			}
		}
	}
	return 0
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
