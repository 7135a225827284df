package engine

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Derived returns the values made from the given ones: what a call given
// one of them returns (a request built with ctx, a context derived from
// it, req.WithContext(ctx)), what is converted from one, a struct or a
// closure one is stored in, and inside a closure one is captured by,
// what is made from the free variable. Errors are not followed: the
// error a call given ctx returns is its outcome, not a carrier of ctx.
// Nor is context.WithoutCancel(ctx): it has neither ctx's deadline nor
// its cancellation (contexts.go).
//
//	ctx, cancel := context.WithTimeout(parent, d)  // ctx
//	req, _ := http.NewRequestWithContext(ctx, ...)  // req
//	op := func() error { return call(ctx) }         // op, and ctx inside it
//	bg := context.WithoutCancel(ctx)                // not bg
func Derived(from []ssa.Value) map[ssa.Value]bool {
	out := map[ssa.Value]bool{}
	var work []ssa.Value
	add := func(v ssa.Value) {
		if v == nil || out[v] || isErrorType(v.Type()) {
			return
		}
		out[v] = true
		work = append(work, v)
	}
	for _, v := range from {
		add(v)
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Val == v {
					add(base(r.Addr))
				}
			case *ssa.MakeClosure:
				add(r)
				add(freeVar(r, v))
			case *ssa.Call:
				if drops(r) {
					continue
				}
				add(r)
				for _, ref := range *r.Referrers() {
					if e, ok := ref.(*ssa.Extract); ok {
						add(e)
					}
				}
			case *ssa.DebugRef:
			case ssa.Value:
				add(r)
			}
		}
	}
	return out
}

// loadRoot returns the value a chain of loads and field selections
// starts from (c.config.AutoRetry: c), at most eight steps up; false for
// a longer chain or one through another operator.
func loadRoot(v ssa.Value) (ssa.Value, bool) {
	for range 8 {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil, false
			}
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		default:
			return v, true
		}
	}
	return nil, false
}

// base returns the variable an address is part of: the struct of a
// field, the array of an element.
func base(addr ssa.Value) ssa.Value {
	for {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			addr = a.X
		default:
			return addr
		}
	}
}

// Operands returns the values a call is given: its receiver and
// arguments, the function value it calls.
func Operands(c ssa.CallInstruction) []ssa.Value {
	cc := c.Common()
	return append([]ssa.Value{cc.Value}, cc.Args...)
}

// Binding returns the value of the enclosing function a free variable of
// a closure captures, or nil when the closure is made elsewhere.
func Binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	idx := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			idx = i
		}
	}
	if idx < 0 {
		return nil
	}
	if mc := MakerOf(fn); mc != nil && idx < len(mc.Bindings) {
		return mc.Bindings[idx]
	}
	return nil
}

// MakerOf returns the instruction of the enclosing function that makes
// the closure fn, binding its free variables, or nil: fn is not a
// function literal, or captures nothing (its value is fn itself).
//
//	op := func() error { return fn(ctx) } // make closure boRetry$1 [fn, ctx]
func MakerOf(fn *ssa.Function) *ssa.MakeClosure {
	if fn.Parent() == nil {
		return nil
	}
	for _, b := range fn.Parent().Blocks {
		for _, in := range b.Instrs {
			if mc, ok := in.(*ssa.MakeClosure); ok && mc.Fn == ssa.Value(fn) {
				return mc
			}
		}
	}
	return nil
}

// loadOf returns the variable a load reads, when it reads a local
// variable or a captured one (a free variable, which is its address).
func loadOf(v ssa.Value) (ssa.Value, bool) {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil, false
	}
	switch a := u.X.(type) {
	case *ssa.Alloc:
		return a, true
	case *ssa.FreeVar:
		if b := Binding(a); b != nil {
			return b, true
		}
	}
	return nil, false
}

// stores returns the stores to a local variable.
func stores(addr ssa.Value) []*ssa.Store {
	var out []*ssa.Store
	if refs := addr.Referrers(); refs != nil {
		for _, r := range *refs {
			if st, ok := r.(*ssa.Store); ok && st.Addr == addr {
				out = append(out, st)
			}
		}
	}
	return out
}

// OuterContexts returns the contexts of the region's function that are
// not made in the region and that someone can cancel: parameters, free
// variables, and, for a loop, values made in the function but not in the
// loop (ctx, cancel := context.WithTimeout(parent, d) before it). Those
// made inside (a per-attempt timeout) and context.Background() or TODO()
// are not among them.
func (r *Region) OuterContexts() []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	inside := func(v ssa.Value) bool {
		if addr, ok := loadOf(v); ok {
			// A captured variable: inside when the region stores it.
			return slices.ContainsFunc(stores(addr), func(st *ssa.Store) bool { return r.runs(st) })
		}
		if FieldOf(v) != nil {
			return false // a context kept in a field comes from outside
		}
		in, ok := v.(ssa.Instruction)
		return ok && r.runs(in)
	}
	for _, b := range r.fn.Blocks {
		for _, in := range b.Instrs {
			for _, op := range in.Operands(nil) {
				v := *op
				if v == nil || seen[v] || !IsContext(v.Type()) {
					continue
				}
				seen[v] = true
				if _, ok := v.(*ssa.Const); ok || inside(v) || Uncancellable(v) {
					continue
				}
				out = append(out, v)
			}
		}
	}
	return out
}

// MadeInside reports whether one of the values is a context made in the
// region: a loop's block or an operation's body (a per-attempt timeout).
func (r *Region) MadeInside(vals map[ssa.Value]bool) bool {
	for v := range vals {
		if in, ok := v.(ssa.Instruction); ok && IsContext(v.Type()) && r.runs(in) {
			return true
		}
	}
	return false
}

// runs reports whether an instruction runs in the region: in its
// function and, for a loop, in one of the loop's blocks.
func (r *Region) runs(in ssa.Instruction) bool {
	return in.Parent() == r.fn && in.Block() != nil && (r.loop == nil || r.loop.Has(in.Block()))
}

// Name returns a name for a value in messages: a parameter's or free
// variable's, the variable an expression names, or "".
func Name(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Parameter:
		return v.Name()
	case *ssa.FreeVar:
		return v.Name()
	}
	if id, ok := Expr(v).(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// Handed reports whether a value is passed on: given to a call, stored,
// captured by a closure, or returned.
func Handed(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r.(type) {
		case ssa.CallInstruction, *ssa.Store, *ssa.MakeClosure, *ssa.Return, *ssa.MakeInterface, *ssa.Phi:
			return true
		}
	}
	return false
}

// OnlyPrinted reports whether a value is used for nothing but a message:
// compared with a constant, and otherwise handed only to the standard
// library's printers and loggers (fmt.Print*, fmt.Sprint* whose result
// is itself only printed, log, log/slog), directly or as one of their
// variadic arguments.
//
//	ra := resp.Header.Get("Retry-After")
//	if ra != "" {
//		log.Printf("throttled, retry after %s", ra) // read, then ignored
//	}
func OnlyPrinted(v ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	var only func(v ssa.Value) bool
	only = func(v ssa.Value) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		refs := v.Referrers()
		if refs == nil {
			return true
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.DebugRef:
			case *ssa.BinOp:
				_, xc := r.X.(*ssa.Const)
				_, yc := r.Y.(*ssa.Const)
				if (r.Op != token.EQL && r.Op != token.NEQ) || !xc && !yc {
					return false
				}
			case *ssa.MakeInterface:
				if !only(r) {
					return false
				}
			case *ssa.Store:
				// An element of a printer's variadic slice.
				ia, ok := r.Addr.(*ssa.IndexAddr)
				if !ok || r.Val != v {
					return false
				}
				a, ok := ia.X.(*ssa.Alloc)
				if !ok || !printedSlice(a, only) {
					return false
				}
			case *ssa.Call:
				if !printer(r) || isSprint(r) && !only(r) {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	return only(v)
}

// printedSlice reports whether the array of a variadic argument goes to
// printers alone.
func printedSlice(a *ssa.Alloc, only func(ssa.Value) bool) bool {
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.IndexAddr, *ssa.DebugRef:
		case *ssa.Slice:
			for _, rr := range *r.Referrers() {
				c, ok := rr.(*ssa.Call)
				if !ok || !printer(c) || isSprint(c) && !only(c) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// printer reports a call of fmt's printers, log or log/slog.
func printer(c *ssa.Call) bool {
	fn := Callee(c)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "log", "log/slog":
		return true
	case "fmt":
		return strings.Contains(fn.Name(), "print") || strings.Contains(fn.Name(), "Print")
	}
	return false
}

// isSprint reports fmt.Sprint, Sprintf, Sprintln: a printer whose result
// is the message.
func isSprint(c *ssa.Call) bool {
	fn := Callee(c)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "fmt" && strings.HasPrefix(fn.Name(), "Sprint")
}
