package engine

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A setting kept in a local variable is read as the constant it holds
// where it is read, through the function's values: one assignment of a
// constant, or several that all give the same one (a phi of constants).
// ConstExpr asks this for an expression that reads a local, a
// conversion of one or arithmetic of such reads and constants:
//
//	backoffMaxRetries := uint64(101)
//	bo = backoff.WithMaxRetries(bo, backoffMaxRetries) // 101
//
// A local whose address is taken (flag.IntVar(&n, ...)) or that a
// closure writes has writes the values do not show: it stays unknown,
// as a local set from a parameter or from a loop counter does.

// readsLocal reports whether e reads a local variable of a function, or
// is a conversion or arithmetic of such reads, constants and package
// variables ReadsPkgVar answers for. It reads syntax and types only.
func (p *Program) readsLocal(e ast.Expr) bool {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.BinaryExpr:
		known := func(y ast.Expr) bool {
			return p.info.Types[y].Value != nil || p.ReadsPkgVar(y) || p.readsLocal(y)
		}
		return known(x.X) && known(x.Y) && (p.readsLocal(x.X) || p.readsLocal(x.Y))
	case *ast.CallExpr:
		if tv, ok := p.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return p.readsLocal(x.Args[0])
		}
	case *ast.Ident:
		v, ok := p.info.Uses[x].(*types.Var)
		return ok && !v.IsField() && v.Pkg() == p.pkg && v.Parent() != nil && v.Parent() != p.pkg.Scope()
	}
	return false
}

// cellsPlain reports whether every local variable v reads through
// memory (a variable captured by a closure, or whose address is taken)
// is written only by stores the values see: its cell is only loaded,
// stored or captured by closures that only load it.
func cellsPlain(v ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	var plain func(v ssa.Value) bool
	plain = func(v ssa.Value) bool {
		if v == nil || seen[v] {
			return true
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return plain(x.X)
			}
			addr := x.X
			if fv, ok := addr.(*ssa.FreeVar); ok {
				addr = Binding(fv)
			}
			cell, ok := addr.(*ssa.Alloc)
			return ok && localOnly(cell) // configways.go
		case *ssa.BinOp:
			return plain(x.X) && plain(x.Y)
		case *ssa.Convert:
			return plain(x.X)
		case *ssa.ChangeType:
			return plain(x.X)
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !plain(e) {
					return false
				}
			}
		}
		return true
	}
	return plain(v)
}

// localConst is ConstExpr for an expression readsLocal answers for.
func (p *Program) localConst(fn ast.Node, e ast.Expr) constant.Value {
	if fn == nil {
		return nil
	}
	v := p.ValueOf(fn, e)
	if v == nil || !cellsPlain(v) {
		return nil
	}
	for _, s := range p.Sources(Strip(v)) {
		if !cellsPlain(s) {
			return nil
		}
	}
	if c := p.ConstOf(v); c != nil {
		return c.Value
	}
	return nil
}
