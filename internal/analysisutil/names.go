package analysisutil

import "go/types"

// FuncName names a function the way every retrylint message and fact
// does: "fetch" in the package being analyzed, "store.Get" for a function
// of another package, "Client.Do" for a method wherever it is declared
// (the receiver says enough, and the package name would make chains long).
func FuncName(fn *types.Func, from *types.Package) string {
	if fn == nil {
		return "a function value"
	}
	if recv := RecvName(fn); recv != "" {
		return recv + "." + fn.Name()
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		return fn.Name() // a method of an unnamed interface
	}
	if fn.Pkg() == nil || fn.Pkg() == from {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// MaxHops bounds every call chain kept in a fact or shown in a message:
// enough to name the layers of a real call stack, small enough to keep
// facts tiny and messages on one line.
const MaxHops = 8

// CapChain shortens a chain to MaxHops by dropping hops from the middle,
// never the first (the call the user wrote) or the last (where the chain
// ends: the operation, the innermost retry): hops for which keep is false
// go first, then the others, innermost first. It returns chain itself
// when it is short enough, else a new slice.
func CapChain[T any](chain []T, keep func(T) bool) []T {
	if len(chain) <= MaxHops {
		return chain
	}
	out := append([]T(nil), chain...)
	for pass := 0; pass < 2 && len(out) > MaxHops; pass++ {
		for i := len(out) - 2; i > 0 && len(out) > MaxHops; i-- {
			if pass == 1 || keep == nil || !keep(out[i]) {
				out = append(out[:i], out[i+1:]...)
			}
		}
	}
	return out
}

// IsNumeric reports a type whose underlying type is a number: an
// integer, a float or a complex (time.Duration, a status code).
func IsNumeric(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsNumeric != 0
}
