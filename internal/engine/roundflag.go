package engine

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// A loop may hand its attempt the number of the round, which the attempt
// reads only to tell the first round from the others (nanotube's
// reconnect marks the host unavailable when its first dial fails):
//
//	for wait, attempt := uint32(0), 1; h.Conn.Conn == nil; {
//		...
//		h.connect(attempt) // if attempt == 1 { h.Available = false }
//		attempt++
//	}
//
// The value changes every round, but what the attempt works on does
// not: the call is the same operation each time. A parameter that goes
// anywhere else (an address, a port, an index, a call) picks what the
// attempt works on.

// ComparedOnly reports whether parameter i of a function of the package
// (its receiver first) is only ever compared with constants, wherever
// its copies go (Uses).
func (p *Program) ComparedOnly(fn *ssa.Function, i int) bool {
	if !p.own(fn) || i >= len(fn.Params) {
		return false
	}
	uses := p.Uses(Source{Value: fn.Params[i]})
	for _, u := range uses {
		b, ok := u.Instr.(*ssa.BinOp)
		if !ok {
			return false
		}
		switch b.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		default:
			return false
		}
		other := b.X
		if other == u.Value {
			other = b.Y
		}
		if _, ok := other.(*ssa.Const); !ok {
			return false
		}
	}
	return len(uses) > 0
}
