package catalog

import (
	"go/types"
	"slices"
)

// Pause constructors return a function that waits when it is called: a
// library's delay policy used as the pause of a hand-written loop. Its
// delay is the constructor's, read from the delay rows (delay.go):
//
//	wait := strategy.Backoff(backoff.Linear(100 * time.Millisecond))
//	for i := uint(0); i < 20; i++ {
//		if err = exec(); err == nil || !retryable(err) {
//			return err
//		}
//		wait(i) // sleeps i*100ms: linear, no cap, no jitter
//	}
//
// Rican7/retry v0.3.1: a strategy.Strategy is func(attempt uint) bool;
// Backoff and BackoffWithJitter sleep algorithm(attempt) (jittered by
// the second) when attempt > 0, Wait sleeps its durations in turn, the
// last one again past the end.
var pauseCtors = []Symbol{
	{rican7Strategy, "", "Backoff"},
	{rican7Strategy, "", "BackoffWithJitter"},
	{rican7Strategy, "", "Wait"},
}

// IsPauseConstructor reports whether fn returns a function that waits
// when called (pauseCtors).
func IsPauseConstructor(fn *types.Func) bool {
	return fn != nil && slices.Contains(pauseCtors, SymbolOf(fn))
}
