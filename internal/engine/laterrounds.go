package engine

import (
	"go/constant"
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
	op := c.Op
	x, y := Strip(c.X), Strip(c.Y)
	if _, isPhi := y.(*ssa.Phi); isPhi {
		x, y = y, x
		switch op { // k < i is i > k
		case token.LSS:
			op = token.GTR
		case token.GTR:
			op = token.LSS
		case token.LEQ:
			op = token.GEQ
		case token.GEQ:
			op = token.LEQ
		}
	}
	phi, isPhi := x.(*ssa.Phi)
	k, isConst := y.(*ssa.Const)
	if !isPhi || !isConst || k.Value == nil || phi.Block() != r.loop.Header || counterStep(phi, r.loop) == 0 {
		return false, false
	}
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return false, false
	}
	var first constant.Value
	for i, e := range phi.Edges {
		if r.loop.Has(phi.Block().Preds[i]) {
			continue
		}
		e, isConst := Strip(e).(*ssa.Const)
		if !isConst || e.Value == nil || first != nil && !constant.Compare(first, token.EQL, e.Value) {
			return false, false // a counter that starts from several values
		}
		first = e.Value
	}
	if first == nil || first.Kind() != k.Value.Kind() {
		return false, false
	}
	return constant.Compare(first, op, k.Value), true
}
