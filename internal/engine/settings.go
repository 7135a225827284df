package engine

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

// A setting is a number a retry reads from its configuration: a field
// of the receiver, of a parameter or of a variable the retry holds before
// its loop starts, which the package writes only from constants and
// parameters (or, for another package's struct, does not write at all).
// Its size may be unknown (an importer or a flag sets it), but it is no
// random draw: a jitter is drawn where the retry waits, not kept in a
// field of its policy, and a value drawn once per policy would wait the
// same on every attempt.
//
//	type Retrier struct{ Attempts int; Base, Max time.Duration }
//	var Default = Retrier{Attempts: 5, Base: 100 * time.Millisecond, Max: 5 * time.Second}
//	func (r Retrier) Do(ctx context.Context, op func(context.Context) error) error {
//		d := r.Base                  // a setting: grows unjittered
//		for ... {
//			...; wait(ctx, d)
//			if d *= 2; d > r.Max {    // a setting: a clamp of unknown size
//				d = r.Max
//			}
//		}
//
// A field of what an attempt returns is no setting, whatever holds it: a
// server's Retry-After kept in an error or a response paces the clients
// itself, so a field read from a value made in the loop, or from a
// variable whose address the loop hands to a call (errors.As(err, &e)),
// stays opaque; so does a field the package writes from a call
// (strconv.Atoi of a header) and one read in a helper the loop calls.

// setting reports whether the field f, read from base, is a setting of
// the region's loop.
func (fl *flower) setting(f *types.Var, base ssa.Value) bool {
	if f == nil || base == nil || fl.r.loop == nil || !analysisutil.IsNumeric(f.Type()) {
		return false
	}
	if !fl.heldBefore(base) {
		return false
	}
	if f.Pkg() != fl.r.p.pkg {
		return true
	}
	if !fl.r.p.FieldWritesSeen(f) {
		return false // its address handed on: written anywhere
	}
	for _, st := range fl.r.p.FieldStores(f) {
		if !settingValue(st.Val, 0) {
			return false
		}
	}
	return true
}

// heldBefore reports whether the struct a field is read from is held
// before the loop starts: the root of base's selections and loads is a
// parameter, a captured variable, a package variable or a value made
// before the loop whose address the loop hands to no call. In a helper
// the loop calls (r.backoff(n)), a parameter is what the call passes.
func (fl *flower) heldBefore(base ssa.Value) bool {
	root, _ := loadRoot(base)
	switch x := root.(type) {
	case *ssa.Parameter:
		if fl.depth == 0 {
			return true
		}
		return fl.caller != nil && fl.caller.heldBefore(argOf(fl.called, x))
	case *ssa.FreeVar, *ssa.Global:
		return true
	case *ssa.Alloc:
		if fl.depth > 0 || fl.r.loop.Has(x.Block()) {
			return false
		}
		return !handedOn(x)
	case ssa.Instruction:
		return fl.depth == 0 && !fl.r.loop.Has(x.Block())
	}
	return false
}

// argOf returns what a call passes for a parameter of its callee, or nil.
func argOf(call *ssa.CallCommon, p *ssa.Parameter) ssa.Value {
	if call == nil {
		return nil
	}
	for i, q := range p.Parent().Params {
		if q == p && i < len(call.Args) {
			return call.Args[i]
		}
	}
	return nil
}

// handedOn reports a variable whose address goes anywhere but loads,
// stores to it and selections of its fields: to a call, into an
// interface (errors.As(err, &e)), into another variable.
func handedOn(a *ssa.Alloc) bool {
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp, *ssa.FieldAddr, *ssa.DebugRef:
		case *ssa.Store:
			if r.Val == ssa.Value(a) {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// settingValue reports a value written to a setting: a constant, a
// parameter, another field or variable, and arithmetic, conversions and
// min or max of those; no call, which may parse what a server sent.
func settingValue(v ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Const, *ssa.Parameter, *ssa.FreeVar, *ssa.Field, *ssa.FieldAddr, *ssa.Global:
		return true
	case *ssa.Convert:
		return settingValue(x.X, depth+1)
	case *ssa.ChangeType:
		return settingValue(x.X, depth+1)
	case *ssa.UnOp:
		return (x.Op == token.SUB || x.Op == token.MUL) && settingValue(x.X, depth+1)
	case *ssa.BinOp:
		return settingValue(x.X, depth+1) && settingValue(x.Y, depth+1)
	case *ssa.Call:
		b, ok := x.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "min" && b.Name() != "max" {
			return false
		}
		for _, a := range x.Call.Args {
			if !settingValue(a, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}
