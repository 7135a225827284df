package engine

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// A recursive retry counts its attempts down in a parameter: a guard
// that every call of the function by itself passes compares the
// parameter with a constant, and every such call passes it less one.
//
//	func fetch(ctx context.Context, url string, retries int) error {
//		err := get(ctx, url)              // the attempt, before the guard
//		if err != nil && retries > 0 {    // retries+1 attempts
//			time.Sleep(time.Second)
//			return fetch(ctx, url, retries-1)
//		}
//		return err
//	}
//
// The count is what the callers pass, unknown here: Trips names the
// parameter, as for a loop counted against one.

// selfTrips is Trips for a recursive retry.
func (r *Region) selfTrips(at ssa.Instruction) Trips {
	var calls []*ssa.BasicBlock
	var args [][]ssa.Value
	for _, b := range r.fn.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(ssa.CallInstruction); ok && c.Common().StaticCallee() == r.fn {
				calls, args = append(calls, b), append(args, c.Common().Args)
			}
		}
	}
	if len(calls) == 0 {
		return Trips{}
	}
	for _, b := range r.fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		for side, succ := range b.Succs {
			if !dominatesAll(succ, calls) {
				continue
			}
			if t := r.countDown(ifi, side == 0, args); t.Param != nil {
				if r.before(at, b) {
					t.Add++
				}
				t.At = ifi
				return t
			}
		}
	}
	return Trips{}
}

// countDown reads a guard of a recursive retry whose calls of itself
// are on the side where the condition is stay: `retries > 0`, `retries
// >= 1`, `retries != 0`, or the negation on the other side, each call
// passing retries-1.
func (r *Region) countDown(ifi *ssa.If, stay bool, args [][]ssa.Value) Trips {
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok {
		return Trips{}
	}
	op, x, y := cmp.Op, Strip(cmp.X), Strip(cmp.Y)
	if isIntConst(x) {
		op, x, y = swap(op), y, x // 0 < retries
	}
	p, ok := x.(*ssa.Parameter)
	if !ok || !isIntConst(y) {
		return Trips{}
	}
	if !stay {
		op = negate(op)
	}
	add := -intConst(y)
	switch op {
	case token.GTR, token.NEQ:
	case token.GEQ:
		add++
	default:
		return Trips{}
	}
	i := paramPos(p) // the call's arguments hold a method's receiver first
	for _, a := range args {
		if i < 0 || i >= len(a) || !decrements(a[i], p) {
			return Trips{}
		}
	}
	return Trips{Param: p, Add: int(add)}
}

// decrements reports whether v is p-1.
func decrements(v ssa.Value, p *ssa.Parameter) bool {
	b, ok := Strip(v).(*ssa.BinOp)
	return ok && b.Op == token.SUB && Strip(b.X) == ssa.Value(p) && isIntConst(b.Y) && intConst(b.Y) == 1
}

// negate returns the comparison that holds where op does not.
func negate(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GEQ
	case token.LEQ:
		return token.GTR
	case token.GTR:
		return token.LEQ
	case token.GEQ:
		return token.LSS
	case token.EQL:
		return token.NEQ
	case token.NEQ:
		return token.EQL
	}
	return token.ILLEGAL
}

// dominatesAll reports whether b dominates every block of bs.
func dominatesAll(b *ssa.BasicBlock, bs []*ssa.BasicBlock) bool {
	for _, x := range bs {
		if !b.Dominates(x) {
			return false
		}
	}
	return true
}
