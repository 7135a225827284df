package retryscan

import (
	"go/ast"

	"github.com/retrylint/retrylint/internal/catalog"
)

// A policy that is one attempt on one way only still retries on the
// others (maxmind/geoipupdate, where MaxElapsedTime 0 would never stop):
//
//	var b backoff.BackOff = exp
//	if retryFor == 0 {
//		b = backoff.WithMaxRetries(exp, 0) // one attempt, on this way only
//	}
//	return backoff.Retry(fn, b)            // N attempts
//
// Read as one configuration, the union of its ways holds
// WithMaxRetries(exp, 0) and the retry would be one attempt, no site.
// boundWays reads each way the engine finds (configWays) on its own and
// merges them (mergeWays).

// boundWays is evalBound on a configuration, nodes the union of its
// ways (configWays): the bound of each way merged, or evalBound of nodes
// when nothing merges (ways nil). The policy is seen when it is on some way; a way
// without one that shows every policy (needsPolicy, policyVisible) is
// one attempt, unless unseen says part of the configuration is out of
// sight.
func (s *scanner) boundWays(row *catalog.Retry, call *ast.CallExpr, nodes []ast.Node, ways [][]ast.Node, unseen bool) (Bound, bool) {
	if ways == nil {
		return s.evalBound(row, call, nodes)
	}
	bs := make([]Bound, len(ways))
	saw := false
	for i, w := range ways {
		b, sawPolicy := s.evalBound(row, call, w)
		if !sawPolicy && needsPolicy(row) && !unseen && s.policyVisible(row, w) {
			b = Bound{Attempts: 1} // failsafe.With(breaker) on this way
		}
		saw = saw || sawPolicy
		bs[i] = b
	}
	return mergeWays(bs), saw
}

// mergeWays merges the bounds of the ways a retry's configuration can
// take. It is one attempt only when every way is; otherwise the ways
// that retry decide: the most attempts (no limit, then a count that is
// not a constant, then the largest constant) with that way's evidence,
// a context or a time limit only when every one of them has it, and the
// longest time limit (unknown when one way has the library's default and
// another an option). A count read from a parameter (CountParam) is kept
// only when no other way retries: a caller's constant is then the count.
func mergeWays(bs []Bound) Bound {
	var retry []Bound
	for _, b := range bs {
		if b.Attempts != 1 {
			retry = append(retry, b)
		}
	}
	if len(retry) == 0 {
		return bs[0]
	}
	w := retry[0]
	for _, b := range retry[1:] {
		if moreAttempts(b.Attempts, w.Attempts) {
			w.Attempts, w.Evidence, w.Promised = b.Attempts, b.Evidence, b.Promised
		}
	}
	if len(retry) > 1 {
		w.CountParam, w.CountAdd = 0, 0
	}
	for _, b := range retry {
		w.Ctx = w.Ctx && b.Ctx
		w.Time = w.Time && b.Time
		switch {
		case b.Elapsed == w.Elapsed:
		case b.Elapsed == 0 || w.Elapsed == 0:
			// The library's default on one way, an option on the
			// other: which is longer is not read here.
			w.Elapsed = ElapsedUnknown
		case b.Elapsed == ElapsedUnknown || w.Elapsed != ElapsedUnknown && b.Elapsed > w.Elapsed:
			w.Elapsed, w.ElapsedAt = b.Elapsed, b.ElapsedAt
		}
	}
	if !w.Time {
		w.Elapsed, w.ElapsedAt = 0, nil
	}
	return w
}

// moreAttempts reports whether a retry of a attempts may make more than
// one of b: no limit is the most, then a count that is not a constant.
func moreAttempts(a, b int) bool {
	rank := func(n int) int {
		switch n {
		case catalog.AttemptsUnbounded:
			return 2
		case catalog.AttemptsUnknown:
			return 1
		}
		return 0
	}
	if rank(a) != rank(b) {
		return rank(a) > rank(b)
	}
	return a > b
}
