package engine

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// A wait guarded by a test of the loop's counter may skip the first
// round, so that the first wait is the counter's second value:
//
//	for i := 0; i < 4; i++ {
//		if i > 0 {
//			time.Sleep(300 * time.Millisecond << i) // 600ms, 1.2s, 2.4s
//		}
//		...
//	}

// LaterRounds reports whether an instruction of the region's loop runs
// only after the first round: a block that dominates it is entered only
// from a test of a loop counter (a head phi stepped by a constant, from
// one constant) that fails for the counter's first value.
func (r *Region) LaterRounds(in ssa.Instruction) bool {
	if r.loop == nil || in == nil || in.Block() == nil {
		return false
	}
	for b := in.Block(); b != nil && r.loop.Has(b) && b != r.loop.Header; b = b.Idom() {
		if len(b.Preds) != 1 {
			continue
		}
		d := b.Preds[0]
		iff, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || len(d.Succs) != 2 || d.Succs[0] == d.Succs[1] {
			continue
		}
		if holds, ok := r.atFirst(iff.Cond); ok && holds != (d.Succs[0] == b) {
			return true // the edge into b is the one the first round does not take
		}
	}
	return false
}

// atFirst evaluates a comparison of a loop counter with a constant at
// the counter's first value.
func (r *Region) atFirst(cond ssa.Value) (holds, ok bool) {
	c, isCmp := cond.(*ssa.BinOp)
	if !isCmp {
		return false, false
	}
	op, x, y := c.Op, Strip(c.X), Strip(c.Y)
	if _, isPhi := y.(*ssa.Phi); isPhi {
		op, x, y = swap(op), y, x // k < i is i > k
	}
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return false, false
	}
	phi, isPhi := x.(*ssa.Phi)
	if !isPhi || phi.Block() != r.loop.Header || !isIntConst(y) {
		return false, false
	}
	first, _, ok := r.induction(phi) // stepped by a constant every way round
	if !ok || !isIntConst(first) {
		return false, false
	}
	return compare(op, intConst(first), intConst(y)), true
}
