package engine

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// A counter that some way round sets back to a constant counts nothing
// on that way (beatlabs/patron#1564: a consumer that reset its retry
// count whenever a batch made progress retried a failing broker
// forever):
//
//	for i := 0; i <= 3; i++ {
//		if err = send(batch); err == nil {
//			return nil
//		}
//		if progressed(batch) {
//			i = 0 // the count starts again
//		}
//		time.Sleep(time.Second)
//	}
//
// Trips does not count such a counter (its step is not the same on every
// way round). Resets says where it starts again, so that a caller can
// ask whether a failed attempt goes that way.

// Edge is a step from one block to another.
type Edge struct{ From, To *ssa.BasicBlock }

// Reset is a loop counter that ways round set back to a constant.
type Reset struct {
	// Counter is the variable's name.
	Counter string
	// Ways are the edges on which it takes the constant.
	Ways []Edge
}

// Resets returns the counter an exit condition compares, when ways round
// other than the steps set it back to a constant, and false for any
// other condition.
func (r *Region) Resets(cond ssa.Value) (Reset, bool) {
	cmp, ok := cond.(*ssa.BinOp)
	if r.loop == nil || !ok {
		return Reset{}, false
	}
	for _, x := range []ssa.Value{cmp.X, cmp.Y} {
		if phi, _, ok := r.counter(x); ok {
			if _, _, ok := r.induction(phi); ok {
				return Reset{}, false // counted by Trips
			}
			if ways := r.resetWays(phi); len(ways) > 0 {
				return Reset{Counter: phi.Comment, Ways: ways}, true
			}
		}
	}
	return Reset{}, false
}

// resetWays returns the edges on which a head phi's value round the loop
// is a constant, when on every other way it is the phi stepped by one
// non-zero constant; nil otherwise.
func (r *Region) resetWays(phi *ssa.Phi) []Edge {
	var ways []Edge
	step := int64(0)
	seen := map[*ssa.Phi]bool{}
	var visit func(v ssa.Value, off int64, e Edge) bool
	visit = func(v ssa.Value, off int64, e Edge) bool {
		switch v := Strip(v).(type) {
		case *ssa.Const:
			if !isIntConst(v) {
				return false
			}
			ways = append(ways, e)
			return true
		case *ssa.Phi:
			if v == phi {
				if off == 0 || step != 0 && off != step {
					return false
				}
				step = off
				return true
			}
			if !r.loop.Has(v.Block()) || v.Block() == r.loop.Header {
				return false
			}
			if seen[v] {
				return true
			}
			seen[v] = true
			for i, x := range v.Edges {
				if !visit(x, off, Edge{v.Block().Preds[i], v.Block()}) {
					return false
				}
			}
			return true
		case *ssa.BinOp:
			if (v.Op != token.ADD && v.Op != token.SUB) || !isIntConst(Strip(v.Y)) {
				return false
			}
			n := intConst(Strip(v.Y))
			if v.Op == token.SUB {
				n = -n
			}
			return visit(v.X, off+n, e)
		}
		return false
	}
	for i, x := range phi.Edges {
		pred := phi.Block().Preds[i]
		if r.loop.Has(pred) && !visit(x, 0, Edge{pred, phi.Block()}) {
			return nil
		}
	}
	if step == 0 {
		return nil
	}
	return ways
}

// Passes reports whether the path takes one of the edges; an edge into
// the loop's head is taken by a path that goes round from its From.
func (p *Path) Passes(ways []Edge) bool {
	for _, e := range ways {
		for i, b := range p.Blocks {
			if b != e.From {
				continue
			}
			if i+1 < len(p.Blocks) && p.Blocks[i+1] == e.To || i+1 == len(p.Blocks) && p.End == EndRound && e.To.Dominates(b) {
				return true
			}
		}
	}
	return false
}
