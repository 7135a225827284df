package engine

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/catalog"
)

// Some retry loops decide through something the program is configured
// with rather than through code the engine can fold: a list of statuses
// given to the transport, or a function value handed the attempt's
// outcome (github.com/PuerkitoBio/rehttp's Transport keeps one in a
// field):
//
//	func (t *T) retryable(code int) bool {
//		for _, c := range t.Config.RetryableStatusCodes {
//			if c == code {
//				return true
//			}
//		}
//		return false
//	}
//	...
//	} else if t.retryable(resp.StatusCode) {   // a verdict
//	...
//	retry, delay := t.retry(Attempt{Index: i, Response: res, Error: err}) // a verdict
//	if !retry {
//		return res, err
//	}
//
// Such an answer is a verdict (Val.Verdict): it depends on the outcome,
// and which way it goes for which outcome is unknown; the list's values
// are not guessed, nor what the function says. A branch on one says so
// (Branch.Verdict), and the recognizer reads a loop whose success goes
// round only through verdicts as a retry whose decision is unknown.
//
// What makes a verdict: a status (or code) compared with an element of a
// slice or array (the range over a list), slices.Contains of a list and
// a status, a predicate of the package whose answer depends on the
// outcome only through verdicts (its returns reached through them or
// returning one), and the bool result of a call of a function value (a
// field, a parameter, a variable: not a function or closure the package
// names) handed the outcome, the attempt's error or response, directly
// or in a field of a struct it is handed. A function value handed only
// another result, the state a poll reads, makes none:
//
//	status, err := c.Status()
//	...
//	} else if expected(status) { // a poll for a state: no verdict
//		return nil
//	}

// statusInt reports an integer that carries the outcome: the status of
// the scenario's response (any 2xx, or a failure's), or a code read from
// its error.
func statusInt(v Val) bool {
	return v.Kind == Int && (v.Status || v.Related)
}

// listedStatus reports a comparison of a status with an element of a
// slice or array the engine does not read: c == code, c ranging over a
// list.
func listedStatus(cmp *ssa.BinOp, x, y Val) bool {
	return statusInt(x) && element(cmp.Y) || statusInt(y) && element(cmp.X)
}

// element reports a value loaded from an element of a slice or array.
func element(v ssa.Value) bool {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		case *ssa.Index:
			return true
		case *ssa.UnOp:
			_, ok := x.X.(*ssa.IndexAddr)
			return x.Op == token.MUL && ok
		default:
			return false
		}
	}
}

// funcVerdict reports whether result idx of c, a call of a function value
// the package does not name, is a bool the outcome decides: the call is
// handed the outcome, directly or in a field of a struct value.
func (w *walker) funcVerdict(c *ssa.Call, idx, upto int) bool {
	switch c.Call.Value.(type) {
	case *ssa.Builtin, *ssa.Function, *ssa.MakeClosure:
		return false
	}
	if c.Call.IsInvoke() || c.Call.StaticCallee() != nil {
		return false
	}
	res := c.Call.Signature().Results()
	if idx < 0 {
		idx = 0
	}
	if idx >= res.Len() || !isBool(res.At(idx).Type()) {
		return false
	}
	for _, a := range c.Call.Args {
		if w.carriesOutcome(a, upto) {
			return true
		}
	}
	return false
}

// carriesOutcome reports a value that is the outcome, or a struct value
// built in place with a field that is: Attempt{Response: res, Error: err}.
func (w *walker) carriesOutcome(a ssa.Value, upto int) bool {
	outcome := func(v ssa.Value) bool {
		x := w.eval(v, upto)
		return x.Kind == Err || x.Kind == NonNil && x.Status || w.decided(v, upto)
	}
	if outcome(a) {
		return true
	}
	var lit *ssa.Alloc
	switch x := a.(type) {
	case *ssa.Alloc:
		lit = x
	case *ssa.UnOp:
		if x.Op == token.MUL {
			lit, _ = x.X.(*ssa.Alloc)
		}
	}
	if lit == nil {
		return false
	}
	for _, r := range *lit.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		for _, fr := range *fa.Referrers() {
			if st, ok := fr.(*ssa.Store); ok && st.Addr == fa && outcome(st.Val) {
				return true
			}
		}
	}
	return false
}

// decided reports the error or the response of a call the scenario
// decides, through the phis the path took: the error of a success is
// nil, and still the outcome. Another result (the state a poll reads,
// expected(status)) is no outcome: a function handed it waits for a
// state, and does not judge a failure.
func (w *walker) decided(v ssa.Value, upto int) bool {
	idx := -1
	for range 8 {
		switch x := v.(type) {
		case *ssa.Extract:
			v, idx = x.Tuple, x.Index
		case *ssa.Call:
			_, ok := w.sc.outcome(x)
			role := roleAt(x, idx)
			return ok && (role == RoleErr || role == RoleResp)
		case *ssa.Phi:
			next := ssa.Value(nil)
			for k := upto - 1; k >= 1 && next == nil; k-- {
				if w.path[k] != x.Block() {
					continue
				}
				for i, p := range x.Block().Preds {
					if p == w.path[k-1] {
						next, upto = x.Edges[i], k
					}
				}
				if next == nil {
					return false
				}
			}
			if next == nil {
				return false
			}
			v = next
		default:
			return false
		}
	}
	return false
}

// noteVerdicts records, at a return of a predicate's body that returns
// v, whether the way there went through a verdict or returns one, and
// whether it went through another condition that depends on the outcome
// or returns a value that does.
func (w *walker) noteVerdicts(v Val) {
	if v.Verdict {
		w.verdicts = true
	} else if v.Kind == Unknown && v.Related {
		w.opaque = true
	}
	for _, b := range w.branches {
		switch {
		case b.Verdict:
			w.verdicts = true
		case b.Related && b.Value == catalog.TriUnknown:
			w.opaque = true
		}
	}
}
