package engine

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Loop is a natural loop of an SSA function: the blocks that can reach
// one of the back edges to Header without passing Header. A `for`, a
// `range` and a goto loop each make one; so does a loop the builder
// makes of nothing in the source.
type Loop struct {
	Header *ssa.BasicBlock
	blocks map[*ssa.BasicBlock]bool
}

// Has reports whether b belongs to the loop.
func (l *Loop) Has(b *ssa.BasicBlock) bool { return l.blocks[b] }

// loops returns the natural loops of fn, one per header.
func loops(fn *ssa.Function) []*Loop {
	var out []*Loop
	byHeader := map[*ssa.BasicBlock]*Loop{}
	for _, b := range fn.Blocks {
		for _, h := range b.Succs {
			if !h.Dominates(b) {
				continue // not a back edge
			}
			l := byHeader[h]
			if l == nil {
				l = &Loop{Header: h, blocks: map[*ssa.BasicBlock]bool{h: true}}
				byHeader[h] = l
				out = append(out, l)
			}
			// Everything that reaches the latch without passing h.
			stack := []*ssa.BasicBlock{b}
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if l.blocks[x] {
					continue
				}
				l.blocks[x] = true
				stack = append(stack, x.Preds...)
			}
		}
	}
	return out
}

// innermost returns the smallest loop of ls containing b, or nil.
func innermost(ls []*Loop, b *ssa.BasicBlock) *Loop {
	var best *Loop
	for _, l := range ls {
		if l.blocks[b] && (best == nil || len(l.blocks) < len(best.blocks)) {
			best = l
		}
	}
	return best
}

// LoopAt returns the natural loop a loop statement of fn makes: the
// smallest loop holding an instruction written directly in its body (not
// in a nested loop or function literal) whose instructions all lie in the
// statement. A goto loop is given as a node spanning the label to the end
// of its block, with the statements of that span as body. It returns nil
// when no iteration of the body goes round (every way through it leaves).
func (p *Program) LoopAt(fn *ssa.Function, stmt ast.Node, body []ast.Stmt) *Loop {
	if fn == nil || len(body) == 0 {
		return nil
	}
	ls := p.loops(fn)
	within := func(l *Loop) bool {
		for b := range l.blocks {
			for _, in := range b.Instrs {
				if _, phi := in.(*ssa.Phi); phi || varargsStore(in) {
					continue // a phi has its variable's position
				}
				if pos := in.Pos(); pos.IsValid() && (pos < stmt.Pos() || pos >= stmt.End()) {
					return false
				}
			}
		}
		return true
	}
	lo, hi := body[0].Pos(), body[len(body)-1].End()
	var best *Loop
	for _, b := range fn.Blocks {
		l := innermost(ls, b)
		if l == nil || (best != nil && len(l.blocks) >= len(best.blocks)) {
			continue
		}
		for _, in := range b.Instrs {
			if _, phi := in.(*ssa.Phi); phi {
				// A phi has its variable's position: the phis of a nested
				// loop's header are where the variable is declared, in
				// this body (rev, kvs, err := b.List(); for err == nil
				// && len(kvs) > 0 { ... }).
				continue
			}
			if pos := in.Pos(); pos.IsValid() && lo <= pos && pos < hi && !nested(body, pos) && within(l) {
				best = l
				break
			}
		}
	}
	return best
}

// varargsStore reports a store into the slice a variadic call is given,
// which has the position of the value it stores: for Scan(&s), that of
// s's declaration, before the loop.
func varargsStore(in ssa.Instruction) bool {
	st, ok := in.(*ssa.Store)
	if !ok {
		return false
	}
	ia, ok := st.Addr.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	a, ok := ia.X.(*ssa.Alloc)
	return ok && a.Comment == "varargs"
}

// nested reports whether pos lies in a loop or function literal nested
// in the statements.
func nested(body []ast.Stmt, pos token.Pos) bool {
	found := false
	for _, st := range body {
		if pos < st.Pos() || pos >= st.End() {
			continue
		}
		ast.Inspect(st, func(n ast.Node) bool {
			if n == nil || found || pos < n.Pos() || pos >= n.End() {
				return false
			}
			switch n.(type) {
			case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
				found = true
			}
			return !found
		})
	}
	return found
}
