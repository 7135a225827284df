package engine

import (
	"go/ast"

	"golang.org/x/tools/go/ssa"
)

// Which functions a call through a function value can run, as far as the
// package shows. Generators are injected so that tests can replace them:
//
//	type gateway struct{ newID func() string }
//	func New() *gateway { return &gateway{newID: uuid.NewString} }
//	req.Header.Set("Idempotency-Key", g.newID()) // uuid.NewString
//
//	var newKey = uuid.NewString                  // never reassigned
//	gen := uuid.NewString                        // a local, captured or not
//
// The value's sources (SourcesIn: variables, closures' captures, the
// package's helpers, the unexported fields and package variables whose
// every write is visible) must all be functions. A parameter, an
// exported field or package variable (importers may set it), a field
// written out of sight, a call of another package: the functions are not
// known, and there is no answer.

// Funcs returns the functions a function value v can be: the named
// functions and methods it is set to, and the function of each closure
// (a function literal, a bound method value) it is made from. ok is
// false when any source of v is something else, or when it has none.
func (p *Program) Funcs(v ssa.Value) (fns []*ssa.Function, ok bool) {
	for _, src := range p.SourcesIn(v, nil) {
		switch x := src.Value.(type) {
		case *ssa.Function:
			fns = append(fns, x)
		case *ssa.MakeClosure:
			fns = append(fns, x.Fn.(*ssa.Function))
		default:
			return nil, false
		}
	}
	return fns, len(fns) > 0
}

// CalledFuncs is Funcs of the function value a call runs: g.newID(),
// newKey(), gen() above (a static call's own function). An interface
// method call, a builtin's, has no answer.
func (p *Program) CalledFuncs(c ssa.CallInstruction) ([]*ssa.Function, bool) {
	if c.Common().IsInvoke() {
		return nil, false
	}
	return p.Funcs(c.Common().Value)
}

// HeldLiteral returns the function literal a variable read in fn (a
// declaration or literal of the package; nil: the one around e) holds
// when that literal is the only value it can hold there:
//
//	cond := func() (bool, error) { ... }
//	wait.ExponentialBackoff(b, cond)   // the literal above
//
// nil when the variable may hold something else (a second assignment, a
// parameter, a function of another package).
func (p *Program) HeldLiteral(fn ast.Node, e ast.Expr) *ast.FuncLit {
	if fn == nil {
		f := p.funcAt(e)
		if f == nil {
			return nil
		}
		fn = f.Syntax()
	}
	v := p.ValueOf(fn, e)
	if v == nil {
		return nil
	}
	srcs := p.Sources(v)
	if len(srcs) != 1 {
		return nil
	}
	lit, _ := p.SyntaxOf(srcs[0]).(*ast.FuncLit)
	return lit
}
