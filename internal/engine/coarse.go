package engine

import (
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A walk follows both ways of every condition it cannot fold, so the
// paths of an attempt multiply with its conditions, and a long loop body
// runs out of paths (maxPaths) and says nothing. openai-go's Execute
// loop, a request retried with its body cleaned up on every way, is one:
//
//	if err != nil {
//		if req.Body != nil {
//			_ = req.Body.Close()
//		}
//		if attemptBody != nil {
//			_ = attemptBody.Close()
//		}
//	}
//	...
//	if shouldSendRetryCount {
//		req.Header.Set("X-Stainless-Retry-Count", strconv.Itoa(retryCount))
//	}
//
// Such a condition does not depend on the outcome, and its ways meet
// again after code that cannot end the path nor leave a value for what
// follows: the block it may run jumps to where the other way goes, which
// has no phi, and stores only through addresses it makes itself. Where a
// path ends is the same either way, so a Coarse walk follows the way
// that skips the code. The blocks of its paths are then not all the
// blocks the attempt may run: only a caller that asks where paths end
// sets it.

// aside returns the block a Coarse walk goes on to from b, whose If has
// the value v, skipping the code one or both of its ways run; nil when
// both ways are to be followed.
func (w *walker) aside(b *ssa.BasicBlock, v Val) *ssa.BasicBlock {
	if !w.sc.Coarse || v.Truth() != catalog.TriUnknown || v.Related || len(b.Succs) != 2 {
		return nil
	}
	t, f := b.Succs[0], b.Succs[1]
	var m *ssa.BasicBlock
	switch {
	case w.inert(t, b) && len(t.Succs) == 1 && t.Succs[0] == f:
		m = f // if c { code }
	case w.inert(f, b) && len(f.Succs) == 1 && f.Succs[0] == t:
		m = t // if !c { code }, as the builder lays it out
	case w.inert(t, b) && w.inert(f, b) && len(t.Succs) == 1 && len(f.Succs) == 1 && t.Succs[0] == f.Succs[0]:
		m = t.Succs[0] // if c { code } else { code }
	default:
		return nil
	}
	for _, in := range m.Instrs {
		if _, ok := in.(*ssa.Phi); ok {
			return nil
		}
	}
	if l := w.r.loop; l != nil && (!l.Has(m) || m == l.Header) {
		return nil // the way out, or round, stays as it is
	}
	return m
}

// inert reports a block entered from b alone that runs straight to a
// jump, with no phi, no call of the region's function by itself, and no
// store through an address it did not make.
func (w *walker) inert(s, b *ssa.BasicBlock) bool {
	if len(s.Preds) != 1 || s.Preds[0] != b {
		return false
	}
	if l := w.r.loop; l != nil && !l.Has(s) {
		return false
	}
	for _, in := range s.Instrs {
		switch in := in.(type) {
		case *ssa.Phi:
			return false
		case *ssa.Store:
			if a, ok := in.Addr.(ssa.Instruction); !ok || a.Block() != s {
				return false
			}
		case *ssa.Call:
			if w.r.self && in.Call.StaticCallee() == w.r.fn {
				return false
			}
		}
	}
	_, jumps := s.Instrs[len(s.Instrs)-1].(*ssa.Jump)
	return jumps
}
