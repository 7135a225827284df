package engine

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Assigned answers, for a read of a local variable, which expression's
// value it holds: the one assignment that reaches the read, even when the
// variable is assigned again later or captured by a closure. It returns
// nil when several assignments reach it (a phi), and param when the read
// holds a parameter of its function as the caller passed it.
//
//	u := base + "/accounts"   // Assigned(u in get(u)) = base + "/accounts"
//	if x { u = other }        // ... nil: two values reach the read
//	get(u)
//
// It is for readers of syntax that need the source form of a value (the
// report's URL templates); questions of meaning ask the values.
func (p *Program) Assigned(id *ast.Ident) (e ast.Expr, param bool) {
	f := p.funcAt(id)
	if f == nil {
		return nil, false
	}
	v, _ := f.ValueForExpr(id) // the variable's cell when the read takes its address (u.String())
	fn := f
	for range 8 {
		switch x := v.(type) {
		case *ssa.Parameter:
			return nil, true
		case *ssa.FreeVar:
			v, fn = Binding(x), fn.Parent()
			continue
		case *ssa.Extract:
			v = x.Tuple // req, err := http.NewRequest(...): the call
			continue
		case *ssa.Alloc:
			v = onlyStore(x)
			continue
		case *ssa.UnOp:
			addr := x.X
			if fv, ok := addr.(*ssa.FreeVar); ok {
				addr = Binding(fv) // a variable captured by a closure: its cell in the parent
			}
			cell, ok := addr.(*ssa.Alloc)
			if !ok {
				break
			}
			if lit, _ := defining(fn, v, id); lit != nil {
				return lit, false // a composite literal built in place: *ast.CompositeLit is the load
			}
			v, fn = onlyStore(cell), cell.Parent()
			continue
		case nil, *ssa.Phi:
			return nil, false
		}
		if fn == nil {
			return nil, false
		}
		lit, copied := defining(fn, v, id)
		if lit == nil {
			lit = copied
		}
		return lit, false
	}
	return nil, false
}

// funcAt returns the function whose body holds e: the innermost
// declaration or literal around it.
func (p *Program) funcAt(e ast.Expr) *ssa.Function {
	for _, n := range p.pathAt(e.Pos(), e.End()) {
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return p.Func(n)
		}
	}
	return nil
}

// onlyStore returns the value of the one store to a variable that lives
// in memory (captured or addressed), or nil when it has several or its
// address is handed on other than as a method's receiver (u.String()
// on a url.URL variable is read as not changing it).
func onlyStore(cell *ssa.Alloc) ssa.Value {
	var val ssa.Value
	for _, r := range *cell.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != cell || val != nil {
				return nil
			}
			val = r.Val
		case *ssa.UnOp, *ssa.DebugRef, *ssa.MakeClosure:
		case *ssa.Call:
			if !receiverOnly(r.Common(), cell) {
				return nil
			}
		default:
			return nil
		}
	}
	return val
}

// defining returns the source expressions of v, a value of fn, other
// than the reads of the variable that read holds: its literal or call,
// and another variable it was copied from. Constants have no referrers,
// so fn's debug references are searched.
func defining(fn *ssa.Function, v ssa.Value, read *ast.Ident) (lit, copied ast.Expr) {
	var refs []*ssa.DebugRef
	var self types.Object
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if d, ok := in.(*ssa.DebugRef); ok && d.X == v {
				refs = append(refs, d)
				if d.Expr == read {
					self = d.Object()
				}
			}
		}
	}
	for _, d := range refs {
		_, isID := d.Expr.(*ast.Ident)
		switch {
		case d.Expr == read, self != nil && d.Object() == self:
		case !isID && (lit == nil || d.Expr.Pos() < lit.Pos()):
			lit = d.Expr
		case isID && (copied == nil || d.Expr.Pos() < copied.Pos()):
			copied = d.Expr
		}
	}
	return lit, copied
}

// receiverOnly reports whether a call takes cell only as its method's
// receiver.
func receiverOnly(c *ssa.CallCommon, cell ssa.Value) bool {
	first := 1 // Args[0] is a static method's receiver
	switch {
	case c.IsInvoke():
		first = 0 // the receiver is c.Value; every argument is an argument
	case c.Signature().Recv() == nil:
		return false
	}
	return !slices.Contains(c.Args[first:], cell)
}
