package nodeadline

import (
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A retry helper often calls its attempt inside a closure that a retry
// library runs, capturing the attempt and its context:
//
//	func boRetry(ctx context.Context, fn func(context.Context) error) error {
//		return backoff.Retry(func() error { return fn(ctx) }, backoff.NewExponentialBackOff())
//	}
//
// The closure's fn and ctx are the helper's (engine.Uses follows fn into
// the closure, engine.SourcesIn ctx out of it), so its call of fn counts
// as the helper's, when the closure runs where it is made: called in
// place, or handed as the operation of a catalogued retry library (the
// closure's own context parameter is then the one the library hands it,
// for sethvargo's Do). A closure kept in a variable or a field,
// returned, used twice or handed to other code may never run, or run
// later with another context: the helper is not followed.

// runsIn reports whether code of fn runs while w runs: fn is w, or a
// closure made in such code that runs where it is made.
func runsIn(fn, w *ssa.Function) bool {
	for ; fn != w; fn = fn.Parent() {
		mc := engine.MakerOf(fn)
		if mc == nil || !runsHere(mc) {
			return false
		}
	}
	return true
}

// runsHere reports whether the closure mc makes is used once, called in
// place or handed as the operation of a catalogued retry library.
func runsHere(mc *ssa.MakeClosure) bool {
	call, val, ok := onlyCallUse(mc.Parent(), mc)
	if !ok {
		return false
	}
	if call.Call.Value == val {
		return true // func() error { return fn(ctx) }()
	}
	row := catalog.LookupRetry(engine.Callee(call))
	return row != nil && row.Op >= 0 && engine.Arg(call, row.Op) == val
}
