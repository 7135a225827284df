package retryscan

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// Since Go 1.23 a retry policy can hand out its attempts as an iterator
// (range over func), waiting before each one it yields and stopping when
// its attempts, its time or its context run out:
//
//	for attempt := range policy.Attempts(ctx) {
//		if err = call(ctx); err == nil {
//			return nil
//		}
//		log.Printf("attempt %d: %v", attempt, err)
//	}
//
// The attempt may also be made before the loop and again at the end of
// the body, which tests at its top what the pass before it left (err :=
// call(ctx); for range ... { if err == nil { return nil }; ...; err =
// call(ctx) }): the engine's walk follows the error into the body's next
// call (engine/yieldround.go).
//
// The loop is a retry when its attempt does not use what the iterator
// yields: ranging over hosts, pages or items and trying each is a
// failover or a search (stableCall, yieldedIn), not a retry:
//
//	for host := range pool.Hosts() {
//		if err = dial(host); err == nil { ... }
//	}
//
// The iterator decides the bound and the waits, so attempts and delay are
// unknown unless a catalogued loop driver says otherwise, the iterator
// is the package's and counts its yields (engine.Region.YieldTrips), or the body
// waits on what an iterator of the package yields (for d := range
// backoffs(base, n) { ...; time.Sleep(d) }: the engine reads the growth,
// clamp and jitter of d in the iterator's loop); a context passed to the
// iterator bounds it.

// isAttemptIterator reports a range-over-func loop whose iterator is made
// by a call (policy.Attempts(ctx)): the shape retry iterators have. The
// standard library's iterators (strings.SplitSeq, maps.Keys,
// slices.Values, bytes.Lines) visit data, as ranging over a slice or a
// map does; it hands out no attempts. Telling them apart here keeps the
// many loops over them from building SSA.
func (s *scanner) isAttemptIterator(l *ast.RangeStmt) bool {
	call, ok := ast.Unparen(l.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	if fn := s.calleeOf(call); fn != nil && s.std(fn.Pkg()) {
		return false
	}
	t := s.info.TypeOf(l.X)
	if t == nil {
		return false
	}
	_, ok = t.Underlying().(*types.Signature)
	return ok
}

// yieldedIn reports whether the attempt call mentions a value the
// iterator yields.
func (s *scanner) yieldedIn(l *ast.RangeStmt, call *ast.CallExpr) bool {
	yielded := map[types.Object]bool{}
	for _, e := range []ast.Expr{l.Key, l.Value} {
		if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
			if obj := s.info.ObjectOf(id); obj != nil {
				yielded[obj] = true
			}
		}
	}
	return mentionsAny(s.info, call, yielded)
}

// iteratorBound is the bound of an attempt iterator: a catalogued
// driver's row, the count of an iterator of the package that yields in
// one counted loop (engine.Region.YieldTrips: for attempt := range
// attempts(5)), else unknown attempts, ended by the context when one
// that can be cancelled is passed to the iterator.
func (s *scanner) iteratorBound(l *ast.RangeStmt, region *engine.Region) Bound {
	if b, _, ok := s.driverBound(l.X); ok {
		return b
	}
	b := Bound{Attempts: catalog.AttemptsUnknown, Ctx: s.mentionsContext([]ast.Node{l.X})}
	if region != nil {
		if n := region.YieldTrips(); n > 0 {
			b.Attempts = n
		}
	}
	return b
}
