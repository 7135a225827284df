package catalog

import "go/types"

// LoopForm says how a library drives a loop the user writes.
type LoopForm uint8

const (
	// FormWait: a call that waits before the next attempt and reports
	// whether to make it, used as a loop condition or before a goto:
	//
	//	for r.Wait(ctx) { ... }
	//
	//	retry:
	//		if err := op(); err != nil && r.Wait(ctx) {
	//			goto retry
	//		}
	FormWait LoopForm = iota + 1
	// FormIter: a range-over-func iterator that yields attempts and
	// waits between them:
	//
	//	for attempt := range policy.Attempts(ctx) { ... }
	FormIter
)

// Loop is a catalogued call that drives a user-written retry loop.
type Loop struct {
	Symbol
	Form LoopForm
	// Attempts is the default number of attempts (see Retry.Attempts).
	Attempts int
	// Ctx is the index of a context.Context argument that ends the
	// loop, or -1.
	Ctx int
	// Delay, Capped and Jittered describe the wait the call makes.
	Delay            DelayKind
	Capped, Jittered Tri
	// Display is the short name used in diagnostics.
	Display string
}

// loops lists the loop drivers; each row is tested against the module
// version named in its comment.
//
// FormIter has no row yet: as of 2026-12 no retry library on the module
// proxy hands out attempts as an iterator (cenkalti/backoff v5,
// avast/retry-go v4, sethvargo/go-retry, coder/retry, failsafe-go do not),
// so the recognizer knows the form by its shape (retryscan's
// iterators.go: a range over a func made by a call, whose attempt does
// not use what it yields). A library that adds one gets a row here for
// its attempts and delays.
var loops = []Loop{
	// github.com/coder/retry (v1.5.1): Wait sleeps min(Delay*Rate, Ceil)
	// (Rate φ from New), returns false when ctx is done; jitter is off
	// unless the Jitter field is set. Its README teaches both the for
	// and the goto form.
	{Symbol: Symbol{"github.com/coder/retry", "Retrier", "Wait"}, Form: FormWait, Attempts: AttemptsUnbounded, Ctx: 0,
		Delay: DelayExponential, Capped: TriYes, Jittered: TriUnknown, Display: "retry.Retrier.Wait"},
}

var loopIndex = index(loops, func(l *Loop) Symbol { return l.Symbol })

// Loops returns every catalogued loop driver (for documentation and
// tests).
func Loops() []Loop { return loops }

// LookupLoop returns the catalogued loop driver fn is, or nil.
func LookupLoop(fn *types.Func) *Loop {
	if fn == nil {
		return nil
	}
	return loopIndex[SymbolOf(fn)]
}
