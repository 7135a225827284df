package engine

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A field of an unexported package variable of the package, a
// configuration kept as a struct, has every write in sight when the
// variable is only read, set whole or through its fields' addresses, and
// no field's address is handed on:
//
//	var defaultCfg = retryConfig{MaxRetries: 5, Backoff: 2 * time.Second}
//	for i := 0; i <= defaultCfg.MaxRetries; i++ {  // 5: the initializer's
//		...
//		time.Sleep(defaultCfg.Backoff)            // 2s
//
// Its values are those the composite literals and locals stored whole in
// the variable give the field (their writes, in the function and in the
// package's helpers a local is handed to, read by the field walker under
// its kept rule, fieldwalk.go), and those stored in the field itself. A
// variable set whole from anything else (a call, a parameter), whose
// literal leaves the field out, or that a method with a pointer receiver
// is called on, has no values the engine can name: loads of the field
// stay sources themselves.

// fieldUse records a use of a package variable that is neither a load
// of it nor a store to it: the address of one of its fields, or
// anything else (the variable's address handed on).
func (x *globalIndex) fieldUse(in ssa.Instruction, g *ssa.Global) {
	if x.fieldAddrs == nil {
		x.fieldAddrs, x.otherUse = map[*ssa.Global][]*ssa.FieldAddr{}, map[*ssa.Global]bool{}
	}
	if fa, ok := in.(*ssa.FieldAddr); ok && fa.X == ssa.Value(g) {
		x.fieldAddrs[g] = append(x.fieldAddrs[g], fa)
		return
	}
	x.otherUse[g] = true
}

// globalField returns the values field idx of package variable g is
// given, when every write to it is visible (see above).
func (p *Program) globalField(g *ssa.Global, idx int) ([]ssa.Value, bool) {
	obj := g.Object()
	x := p.fields().globals
	if obj == nil || obj.Exported() || g.Pkg == nil || g.Pkg.Pkg != p.pkg || x.otherUse[g] {
		return nil, false
	}
	w := p.newFieldWalk(idx, kept)
	for _, st := range x.stores[g] {
		if !w.whole(st, nil) {
			return nil, false // set from a call, a parameter; a literal leaving the field out
		}
	}
	for _, fa := range x.fieldAddrs[g] {
		if fa.Field == idx && !w.fieldAddr(fa) {
			return nil, false
		}
	}
	return w.vals, len(w.vals) > 0
}

// ConstOf returns the constant v always is, as far as the package shows
// (Sources: its copies, the stores to variables and fields whose every
// write is visible), or nil: a value with two constants, or any other
// source, is not one.
//
// Arithmetic of such values is folded: time.Duration(cfg.TimeoutSec) *
// time.Second.
func (p *Program) ConstOf(v ssa.Value) *ssa.Const {
	switch x := Strip(v).(type) {
	case *ssa.Const:
		return x
	case *ssa.BinOp:
		return p.foldBinOp(x, v.Type())
	}
	var one *ssa.Const
	for _, s := range p.Sources(Strip(v)) {
		c, ok := Strip(s).(*ssa.Const)
		if !ok || c.Value == nil || one != nil && !constant.Compare(one.Value, token.EQL, c.Value) {
			return nil
		}
		one = c
	}
	return one
}

// foldBinOp folds x op y of two values ConstOf knows, as a constant of
// type t: +, -, *, integer / and <<.
func (p *Program) foldBinOp(b *ssa.BinOp, t types.Type) *ssa.Const {
	x, y := p.ConstOf(b.X), p.ConstOf(b.Y)
	if x == nil || y == nil || x.Value == nil || y.Value == nil {
		return nil
	}
	var r constant.Value
	switch b.Op {
	case token.ADD, token.SUB, token.MUL:
		r = constant.BinaryOp(x.Value, b.Op, y.Value)
	case token.QUO:
		if x.Value.Kind() != constant.Int || y.Value.Kind() != constant.Int || constant.Sign(y.Value) == 0 {
			return nil
		}
		r = constant.BinaryOp(x.Value, token.QUO_ASSIGN, y.Value) // integer division
	case token.SHL:
		n, ok := constant.Uint64Val(y.Value)
		if !ok || n > 62 {
			return nil
		}
		r = constant.Shift(x.Value, token.SHL, uint(n))
	default:
		return nil
	}
	if r.Kind() == constant.Unknown {
		return nil
	}
	return ssa.NewConst(r, t)
}

// ConstExpr returns the constant an expression of the package's function
// syntax fn always has, when it reads an unexported package variable of
// the package, a field of one (cfg.Timeout) or a conversion of either
// (uint(cfg.MaxRetries)), and every write to it is visible (ConstOf);
// else nil. Only such reads are asked: settings kept in constants build
// no SSA here. fn is nil for an expression of a package variable's
// initializer, which the package's init function runs:
//
//	var (
//		attempts = uint(5)
//		opts     = []retry.Option{retry.Attempts(attempts)} // 5
//	)
func (p *Program) ConstExpr(fn ast.Node, e ast.Expr) constant.Value {
	if p.readsLocal(e) {
		return p.localConst(fn, e) // localconst.go
	}
	if !p.ReadsPkgVar(e) {
		return nil
	}
	var v ssa.Value
	if fn != nil {
		v = p.ValueOf(fn, e)
	} else if p.build(); p.ssa.Func("init") != nil {
		v, _ = p.ssa.Func("init").ValueForExpr(e)
	}
	if v == nil {
		return nil
	}
	if c := p.ConstOf(v); c != nil {
		return c.Value
	}
	return nil
}

// ReadsPkgVar reports whether e reads an unexported package variable of
// the package, a field of one, a conversion of either, or arithmetic of
// such reads and constants: the expressions ConstExpr answers for. It
// reads syntax and types only.
func (p *Program) ReadsPkgVar(e ast.Expr) bool {
	e = ast.Unparen(e)
	if b, ok := e.(*ast.BinaryExpr); ok {
		// time.Duration(cfg.TimeoutSec) * time.Second
		known := func(x ast.Expr) bool { return p.info.Types[x].Value != nil || p.ReadsPkgVar(x) }
		return known(b.X) && known(b.Y) && (p.ReadsPkgVar(b.X) || p.ReadsPkgVar(b.Y))
	}
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := p.info.Types[call.Fun]; ok && tv.IsType() {
			return p.ReadsPkgVar(call.Args[0])
		}
		return false
	}
	if sel, ok := e.(*ast.SelectorExpr); ok {
		if _, field := p.info.Selections[sel]; !field {
			return false
		}
		e = ast.Unparen(sel.X)
	}
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := p.info.Uses[id].(*types.Var)
	return ok && !v.Exported() && v.Pkg() == p.pkg && v.Parent() == p.pkg.Scope()
}
