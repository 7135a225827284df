package engine

import (
	"go/constant"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A counter bounds a loop when a guard that every way round passes
// compares it with a limit:
//
//	for i := 0; i < 3; i++ {             // the head: 3 attempts
//	for attempt := 0; ; attempt++ {      // after the attempt: 4
//		if err = op(); err == nil { ... }
//		if attempt >= 3 { return err }
//	if retryable && retries > 0 {        // a round guard: retries+1
//		retries--
//		continue
//	}
//
// The counter is a phi of the loop's head stepped by a constant on every
// way round; the limit a constant, one of several constants a local is
// given before the loop (the most they allow), or a parameter of the
// function (withRetries(n, f): n attempts, known where it is called).

// Trips is how many attempts a loop's counters allow.
type Trips struct {
	// N is the attempts, 0 when no counter bounds them.
	N int
	// Param is, when N is 0, the parameter the attempts are counted
	// against: the loop makes Param+Add attempts.
	Param *ssa.Parameter
	Add   int
	// At is the guard.
	At *ssa.If
}

// maxTrips bounds the iterations counted.
const maxTrips = 1 << 16

// Trips returns what the region's counters allow, the attempt being at
// instruction at.
func (r *Region) Trips(at ssa.Instruction) Trips {
	l := r.loop
	if l == nil {
		if r.self {
			return r.selfTrips(at)
		}
		return Trips{}
	}
	var latches []*ssa.BasicBlock
	for _, p := range l.Header.Preds {
		if l.Has(p) {
			latches = append(latches, p)
		}
	}
	inner := r.p.loops(r.fn)
	best := Trips{}
	for b := range l.blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || innermost(inner, b) != l {
			continue
		}
		in0, in1 := l.Has(b.Succs[0]), l.Has(b.Succs[1])
		if in0 == in1 {
			continue
		}
		if slices.ContainsFunc(latches, func(lt *ssa.BasicBlock) bool { return !b.Dominates(lt) }) {
			continue // some way round passes the guard by
		}
		t := r.guard(ifi, in0)
		if t.N == 0 && t.Param == nil {
			continue
		}
		if r.before(at, b) {
			t.N, t.Add = t.N+1, t.Add+1
			if t.Param != nil {
				t.N = 0
			}
		}
		t.At = ifi
		if best.N == 0 && best.Param == nil || t.N > 0 && (best.N == 0 || t.N < best.N) {
			best = t
		}
	}
	return best
}

// before reports whether the attempt runs before block g in an
// iteration: g is reached from it without passing the loop's head. In a
// recursive retry, which has no loop, in one call of the function.
func (r *Region) before(at ssa.Instruction, g *ssa.BasicBlock) bool {
	if at == nil || at.Block() == nil {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{at.Block()}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == g {
			return true
		}
		if seen[b] || r.loop != nil && !r.loop.Has(b) {
			continue
		}
		seen[b] = true
		for _, s := range b.Succs {
			if r.loop == nil || s != r.loop.Header {
				stack = append(stack, s)
			}
		}
	}
	return false
}

// guard reads a guard: the loop stays when the condition is stay.
func (r *Region) guard(ifi *ssa.If, stay bool) Trips {
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok {
		return Trips{}
	}
	op, y := cmp.Op, cmp.Y
	phi, off, ok := r.counter(cmp.X)
	if !ok {
		if phi, off, ok = r.counter(cmp.Y); !ok {
			return Trips{}
		}
		y, op = cmp.X, swap(op) // the counter on the right: 3 > i
	}
	init, step, ok := r.induction(phi)
	if !ok {
		return Trips{}
	}
	holds := func(v, limit int64) bool { return compare(op, v, limit) == stay }
	limit := Strip(y)
	if c, ok := r.consts[limit]; ok {
		limit = c // the count an iterator of the package was made with
	} else if c := r.p.ConstOf(limit); c != nil {
		limit = c // i <= defaultCfg.MaxRetries
	}
	if c := r.p.ConstOf(init); c != nil && !isIntConst(init) {
		init = c // retries := t.retries; retries > 0; retries--, the field set to one constant
	}
	limits, lok := r.constChoices(limit)
	inits, iok := r.constChoices(init)
	switch {
	case lok && iok:
		// The most any of the constants allow: attempts := 4; if fast
		// { attempts = 2 } makes at most 4.
		most := int64(0)
		for _, n := range limits {
			for _, i0 := range inits {
				k := int64(0)
				for ; k < maxTrips && holds(i0+off+k*step, n); k++ {
				}
				if k == maxTrips {
					return Trips{}
				}
				most = max(most, k)
			}
		}
		if most == 0 {
			return Trips{}
		}
		return Trips{N: int(most)}
	case paramPlus(limit) != nil && isIntConst(init) && step == 1:
		// i < n, i <= n, and the exits after the attempt: if i == n-1,
		// if i >= n-1, if i+1 >= n { return err }
		prm, lo := paramPlus(limit), paramOffset(limit)
		add := lo - (intConst(init) + off)
		switch {
		case stay && (op == token.LSS || op == token.NEQ), !stay && (op == token.GEQ || op == token.EQL):
		case stay && op == token.LEQ, !stay && op == token.GTR:
			add++
		default:
			return Trips{}
		}
		return Trips{Param: prm, Add: int(add)}
	case isIntConst(limit) && isParam(init) && step == -1 && stay:
		// retries > 0, retries >= 1
		add := off - intConst(limit)
		switch op {
		case token.GTR, token.NEQ:
		case token.GEQ:
			add++
		default:
			return Trips{}
		}
		return Trips{Param: init.(*ssa.Parameter), Add: int(add)}
	}
	return Trips{}
}

// constChoices returns the integer constants v is: a constant, or a phi
// outside the loop all of whose edges are constants.
func (r *Region) constChoices(v ssa.Value) ([]int64, bool) {
	if isIntConst(v) {
		return []int64{intConst(v)}, true
	}
	phi, ok := v.(*ssa.Phi)
	if !ok || r.loop != nil && r.loop.Has(phi.Block()) {
		return nil, false
	}
	var out []int64
	for _, e := range phi.Edges {
		if e = Strip(e); !isIntConst(e) {
			return nil, false
		}
		out = append(out, intConst(e))
	}
	return out, true
}

// counter returns the head phi v is made of, with the constant added to
// it: attempt, attempt+1.
func (r *Region) counter(v ssa.Value) (*ssa.Phi, int64, bool) {
	v = Strip(v)
	if phi, ok := v.(*ssa.Phi); ok && phi.Block() == r.loop.Header {
		return phi, 0, true
	}
	if b, ok := v.(*ssa.BinOp); ok && (b.Op == token.ADD || b.Op == token.SUB) {
		if phi, ok := Strip(b.X).(*ssa.Phi); ok && phi.Block() == r.loop.Header && isIntConst(Strip(b.Y)) {
			n := intConst(Strip(b.Y))
			if b.Op == token.SUB {
				n = -n
			}
			return phi, n, true
		}
	}
	return nil, 0, false
}

// induction returns a head phi's first value and its step per round:
// every way round adds the same constant.
func (r *Region) induction(phi *ssa.Phi) (ssa.Value, int64, bool) {
	var init ssa.Value
	step, stepped := int64(0), false
	for i, e := range phi.Edges {
		pred := phi.Block().Preds[i]
		if !r.loop.Has(pred) {
			if init != nil && init != e {
				return nil, 0, false
			}
			init = Strip(e)
			continue
		}
		p, n, ok := r.counter(e)
		if !ok || p != phi || n == 0 || (stepped && n != step) {
			return nil, 0, false
		}
		step, stepped = n, true
	}
	return init, step, init != nil && stepped
}

func swap(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

func compare(op token.Token, a, b int64) bool {
	switch op {
	case token.LSS:
		return a < b
	case token.LEQ:
		return a <= b
	case token.GTR:
		return a > b
	case token.GEQ:
		return a >= b
	case token.EQL:
		return a == b
	case token.NEQ:
		return a != b
	}
	return false
}

// Strip removes conversions: uint(n), time.Duration(i).
func Strip(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
}

func isIntConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Int
}

func intConst(v ssa.Value) int64 {
	n, _ := constant.Int64Val(v.(*ssa.Const).Value)
	return n
}

// paramPlus returns the parameter v is, or is plus or minus a constant
// (n, n-1), or nil.
func paramPlus(v ssa.Value) *ssa.Parameter {
	if b, ok := v.(*ssa.BinOp); ok && (b.Op == token.ADD || b.Op == token.SUB) && isIntConst(Strip(b.Y)) {
		v = Strip(b.X)
	}
	prm, _ := v.(*ssa.Parameter)
	return prm
}

// paramOffset returns the constant paramPlus found added to the
// parameter: -1 for n-1, 0 for n.
func paramOffset(v ssa.Value) int64 {
	b, ok := v.(*ssa.BinOp)
	if !ok || !isIntConst(Strip(b.Y)) {
		return 0
	}
	n := intConst(Strip(b.Y))
	if b.Op == token.SUB {
		n = -n
	}
	return n
}

func isParam(v ssa.Value) bool {
	_, ok := v.(*ssa.Parameter)
	return ok
}
