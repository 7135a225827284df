package engine

import (
	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// Outcome is how one call ends in a scenario.
type Outcome struct {
	// Fails: the error result is not nil; it is an error of Class (with
	// the gRPC code Code).
	Fails bool
	Class ErrClass
	Code  int64
	// OK is the bool result of a call that reports success as a bool
	// (ok, err := tryLock(ctx)); unknown leaves it unknown.
	OK catalog.Tri
	// Status is the HTTP status of a response a call that does not fail
	// returns: 0 for any 2xx, -1 for one not known.
	Status int
	// Value says whether the call's other nilable results are not nil
	// (a watch, a connection): yes on success.
	Value catalog.Tri
	// Quiet: the response asks for nothing beyond its status: a header
	// or a field in which a server asks for a retry or for none
	// (x-should-retry, resp.Retryable) is absent (outcomeask.go).
	// Otherwise such a read is unknown, and depends on the outcome.
	Quiet bool
}

// Succeeded is a call that worked: no error, ok, a 2xx, its results set.
var Succeeded = Outcome{OK: catalog.TriYes, Value: catalog.TriYes}

// Failed is a call that failed with an error of class c.
func Failed(c ErrClass) Outcome { return Outcome{Fails: true, Class: c, Status: -1} }

// FailedStatus is a call that answered without error but said no: ok is
// false, the status is 503.
var FailedStatus = Outcome{OK: catalog.TriNo, Status: 503}

// Scenario decides how the calls of a region end. A call it does not
// decide returns values that are unknown and unrelated to the outcome.
type Scenario struct {
	// Attempt are the calls whose outcome is Outcome.
	Attempt []ssa.CallInstruction
	Outcome Outcome
	// Others decides the other calls, when set: false leaves one
	// undecided.
	Others func(ssa.CallInstruction) (Outcome, bool)
	// All, when set, is how every call neither Attempt nor Others
	// decides ends, but for one handed the outcome of another call by
	// code outside the standard library (checkStatus(resp), a method of
	// the response's package): that one is read through its body when
	// it is of this package, and is otherwise unknown.
	All *Outcome
	// Cancel: the caller's context is done (by its deadline when
	// Deadline): ctx.Err() is its error and <-ctx.Done() is ready.
	Cancel, Deadline bool
	// ReadOwn: the error of a function of the package that Others
	// decides is read through its body first, and is as Others says
	// unless the body returns none: a helper that sends the request and
	// turns only 5xx into errors does not fail with a 404.
	ReadOwn bool
	// Coarse: an unknown condition that does not depend on the outcome,
	// whose ways rejoin after straight-line code that leaves nothing for
	// later (if req.Body != nil { req.Body.Close() }), is followed one
	// way: the walk keeps where each path ends, not every block it ran
	// (coarse.go).
	Coarse bool
	// Through: a call of this function of the package is read through
	// its body whatever it is handed: the function in which Attempt
	// sits, when the question is what its caller sees of the attempt's
	// failure (the recognizer's failureGoesRound).
	Through *ssa.Function
	// Asked, when set, is a function parameter of the region's function
	// whose call, handed the outcome and returning a bool, answers Says:
	// a retry wrapper's classifier parameter (if !isRetryable(err)),
	// which a walk otherwise leaves undecided (verdict.go).
	Asked *ssa.Parameter
	Says  catalog.Tri
}

// decides reports whether c is one of the scenario's attempt calls.
func (sc *Scenario) decides(c ssa.CallInstruction) bool {
	for _, a := range sc.Attempt {
		if a == c {
			return true
		}
	}
	return false
}

// outcome returns how call c ends in the scenario.
func (sc *Scenario) outcome(c ssa.CallInstruction) (Outcome, bool) {
	if sc.decides(c) {
		return sc.Outcome, true
	}
	if sc.Others != nil {
		return sc.Others(c)
	}
	return Outcome{}, false
}
