package catalog

import "go/types"

// CtxlessWait is a library function that takes no context, beside the
// one that does. Handed work that uses the caller's context, it goes on
// after the caller gave up: a condition that swallows the context's
// error polls until the function's own end, and a function run until a
// stop channel closes runs for as long as nobody closes it.
//
//	wait.Poll(time.Second, time.Minute, func() (bool, error) {
//		_, err := client.Get(ctx, name)   // fails at once once ctx is done
//		return err == nil, nil            // ... and the poll goes on for the minute
//	})
type CtxlessWait struct {
	Symbol
	// Op is the index of the condition (func() (done bool, err error),
	// which ends the call by returning true or an error) or, when Runs,
	// of the function run every period whatever it does.
	Op   int
	Runs bool
	// Stop is the index of the stop channel, -1 when there is none.
	Stop int
	// Ends says what ends the call without the context: "its timeout",
	// "its Steps", "" for nothing.
	Ends string
	// Twin is the function that takes the context, written as the fix.
	Twin string
}

var ctxlessWaits = []CtxlessWait{
	// k8s.io/apimachinery/pkg/util/wait (v0.37.2): the Poll and Until
	// families before contexts, and ExponentialBackoff.
	{Symbol{waitPkg, "", "Poll"}, 2, false, -1, "its timeout", "wait.PollUntilContextTimeout(ctx, interval, timeout, false, condition)"},
	{Symbol{waitPkg, "", "PollImmediate"}, 2, false, -1, "its timeout", "wait.PollUntilContextTimeout(ctx, interval, timeout, true, condition)"},
	{Symbol{waitPkg, "", "PollInfinite"}, 1, false, -1, "", "wait.PollUntilContextCancel(ctx, interval, false, condition)"},
	{Symbol{waitPkg, "", "PollImmediateInfinite"}, 1, false, -1, "", "wait.PollUntilContextCancel(ctx, interval, true, condition)"},
	{Symbol{waitPkg, "", "PollUntil"}, 1, false, 2, "", "wait.PollUntilContextCancel(ctx, interval, false, condition)"},
	{Symbol{waitPkg, "", "ExponentialBackoff"}, 1, false, -1, "its Steps", "wait.ExponentialBackoffWithContext(ctx, backoff, condition)"},
	{Symbol{waitPkg, "", "Until"}, 0, true, 2, "", "wait.UntilWithContext(ctx, f, period)"},
	{Symbol{waitPkg, "", "NonSlidingUntil"}, 0, true, 2, "", "wait.NonSlidingUntilWithContext(ctx, f, period)"},
	{Symbol{waitPkg, "", "JitterUntil"}, 0, true, 4, "", "wait.JitterUntilWithContext(ctx, f, period, jitterFactor, sliding)"},
	{Symbol{waitPkg, "", "BackoffUntil"}, 0, true, 3, "", "wait.BackoffUntilWithContext(ctx, f, backoff, sliding)"},
	{Symbol{waitPkg, "", "Forever"}, 0, true, -1, "", "wait.UntilWithContext(ctx, f, period)"},
}

// CtxlessWaits returns the catalogued functions that take no context.
func CtxlessWaits() []CtxlessWait { return ctxlessWaits }

// LookupCtxlessWait returns the row of a function that takes no context
// and has a twin that does, or nil.
func LookupCtxlessWait(fn *types.Func) *CtxlessWait {
	if fn == nil {
		return nil
	}
	sym := SymbolOf(fn)
	for i := range ctxlessWaits {
		if ctxlessWaits[i].Symbol == sym {
			return &ctxlessWaits[i]
		}
	}
	return nil
}

// NeverStops reports a stop channel that is never closed: wait.NeverStop.
func NeverStops(obj types.Object) bool {
	return obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == waitPkg && obj.Name() == "NeverStop"
}
