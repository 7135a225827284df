package retryscan

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/engine"
)

// A wrapper may retry only the errors it names: a transaction helper
// goes round on a serialization failure, and returns any other error of
// the function it runs at once:
//
//	for attempt := 0; attempt < 5; attempt++ {
//		err = func() error { ...; return fn(tx) }()
//		if err == nil || !isSerialization(err) { // errors.As(err, &pgErr) && pgErr.Code == "40001"
//			return err
//		}
//	}
//
// A retrying call in the function it is handed (a go-redis command)
// fails with an error of its own library: the wrapper returns it, and
// is no second layer over it. Such a wrapper still runs its function
// again on the errors it names, so it stays a retry for the other
// checks (a key made inside, a POST without one).

// plainStops reports whether the loop of a wrapper site ends without
// going round when its attempt fails with a plain error: no status, no
// code, no sentinel, no context error. Only for a function that returns
// just an error: one that also returns a result (done bool, err error)
// may turn a failure into "not done", which goes round.
func (s *scanner) plainStops(site *Site, op *types.Signature) bool {
	if op == nil || op.Results().Len() != 1 || !isError(op.Results().At(0).Type()) {
		return false
	}
	round, known := s.attemptFails(site, engine.ErrPlain)
	return known && !round
}

// attemptFails walks a site's region from its attempt failing with an
// error of class: whether the retry goes round, known false when the
// walk cannot tell (no attempt, a way it cannot follow).
func (s *scanner) attemptFails(site *Site, class engine.ErrClass) (round, known bool) {
	r, calls := site.Region(), site.Attempt()
	if r == nil || len(calls) == 0 {
		return false, false
	}
	w := r.Walk(&engine.Scenario{Attempt: calls, Outcome: engine.Failed(class)}, calls[0])
	if w.Void || w.Opaque() {
		return false, false
	}
	return w.Ends.Has(engine.EndRound), true
}

// wrapperNamesErrors reports a call of a wrapper that retries only the
// errors it names (WrapperFact.PlainStops), around a retrying call n
// whose failure is none of them: not a gRPC call, whose status error
// may carry the very code the wrapper retries.
func (s *scanner) wrapperNamesErrors(site *Site, n ast.Node) bool {
	if site.kind != KindWrapper || site.callee == nil {
		return false
	}
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	if fn := analysisutil.Callee(s.info, call); fn != nil && isGRPCCall(fn) {
		return false
	}
	w := s.wrapperOf(site.callee)
	return w != nil && w.PlainStops
}
