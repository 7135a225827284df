package engine

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// OnceGate returns the index (as written in the signature, the receiver
// not counted) of a bool parameter of a retry runner that chooses, when
// false, a way that calls the runner's function parameter op once and
// returns; -1 when there is none. The caller of such a runner declares
// what may be retried:
//
//	func run(ctx context.Context, call func(context.Context) error, p *policy, idempotent bool) error {
//		if (p.mode == retryIdempotent && !idempotent) || p.mode == retryNever {
//			return call(ctx) // once
//		}
//		for { ... call(ctx) ... }
//	}
//
// The false edge of the parameter's test (or the true edge of its
// negation) must reach the single call through blocks that only test
// (other conditions joined by && and ||: loads, comparisons, no calls),
// and from the call's block no other call of op is reachable and no
// block is in a loop. A flag that only chooses to log, or to wait less,
// leads to a block that does something else first: not a gate.
func OnceGate(fn *ssa.Function, op int) int {
	if fn == nil || len(fn.Blocks) == 0 {
		return -1
	}
	off := 0
	if fn.Signature.Recv() != nil {
		off = 1
	}
	if op < 0 || op+off >= len(fn.Params) {
		return -1
	}
	opv := fn.Params[op+off]
	once := onceBlocks(fn, opv)
	if len(once) == 0 {
		return -1
	}
	for _, b := range fn.Blocks {
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || len(b.Succs) != 2 {
			continue
		}
		cond, falseEdge := iff.Cond, b.Succs[1]
		if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
			cond, falseEdge = u.X, b.Succs[0]
		}
		prm, ok := cond.(*ssa.Parameter)
		if !ok || prm.Parent() != fn || !isBool(prm.Type()) {
			continue
		}
		if reachesThroughTests(falseEdge, once) {
			return ParamIndex(prm)
		}
	}
	return -1
}

// onceBlocks returns the blocks that call opv, after which the function
// returns without calling it again or going round a loop.
func onceBlocks(fn *ssa.Function, opv ssa.Value) map[*ssa.BasicBlock]bool {
	calls := map[*ssa.BasicBlock]int{}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(ssa.CallInstruction); ok && !c.Common().IsInvoke() && c.Common().Value == opv {
				calls[b]++
			}
		}
	}
	out := map[*ssa.BasicBlock]bool{}
	for b, n := range calls {
		if n != 1 {
			continue
		}
		ok := true
		seen := map[*ssa.BasicBlock]bool{}
		stack := append([]*ssa.BasicBlock(nil), b.Succs...)
		for len(stack) > 0 && ok {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if x == b || calls[x] > 0 {
				ok = false // a loop back, or another call after it
				break
			}
			if seen[x] {
				continue
			}
			seen[x] = true
			if inCycle(x) {
				ok = false
				break
			}
			stack = append(stack, x.Succs...)
		}
		if ok {
			out[b] = true
		}
	}
	return out
}

// inCycle reports whether a block can reach itself.
func inCycle(b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if !seen[x] {
			seen[x] = true
			stack = append(stack, x.Succs...)
		}
	}
	return false
}

// reachesThroughTests reports whether from reaches one of the target
// blocks through blocks that do nothing but test.
func reachesThroughTests(from *ssa.BasicBlock, target map[*ssa.BasicBlock]bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if target[b] {
			return true
		}
		if seen[b] || !onlyTests(b) {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}

// onlyTests reports a block of a condition: loads, field and index
// reads, comparisons and the branch, no call, store or receive.
func onlyTests(b *ssa.BasicBlock) bool {
	for _, in := range b.Instrs {
		switch in := in.(type) {
		case *ssa.UnOp:
			if in.Op == token.ARROW {
				return false
			}
		case *ssa.BinOp, *ssa.FieldAddr, *ssa.Field, *ssa.IndexAddr, *ssa.Index, *ssa.Phi,
			*ssa.If, *ssa.Jump, *ssa.DebugRef, *ssa.Convert, *ssa.ChangeType, *ssa.Extract:
		default:
			return false
		}
	}
	return true
}
