package engine

import (
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A jittered wait is the growing delay plus a random share of it:
//
//	time.Sleep(d + rand.N(d/2))
//	time.Sleep(base<<attempt + time.Duration(rand.Int63n(int64(jitter))))
//
// Its first value is not known, but it is at least the delay's, which
// is what a bound on the longest wait needs. Only jitter that cannot be
// negative counts: a call of a random function other than NormFloat64
// (rand.N, Int63n, Intn, Float64 are never negative), converted or not.

// floor returns the least first value of the sum b of flows x and y when
// one side is known and the other is a non-negative random value, else 0.
func floor(b *ssa.BinOp, x, y Flow) float64 {
	switch {
	case x.Known && !y.Known && y.Random && nonNegRandom(b.Y) && x.At0 > 0:
		return x.At0
	case y.Known && !x.Known && x.Random && nonNegRandom(b.X) && y.At0 > 0:
		return y.At0
	}
	return 0
}

// nonNegRandom reports a call of a random function that returns no
// negative number, through conversions.
func nonNegRandom(v ssa.Value) bool {
	c, ok := Strip(v).(*ssa.Call)
	if !ok {
		return false
	}
	fn := Callee(c)
	return fn != nil && catalog.IsRandom(fn) && fn.Name() != "NormFloat64"
}
