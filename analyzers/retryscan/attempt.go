package retryscan

import (
	"go/ast"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// A retry loop decides, after each attempt, whether to leave or go round
// again. Real code decides in many forms, all of which mean "success
// leaves, a failure goes round":
//
//	if err == nil || attempt == max { break }
//	if err != nil && isRetryable(err) { continue }
//	retry := err != nil || resp.StatusCode >= 500
//	if !shouldRetry(resp, err) { return resp, err }
//	if err == nil { if resp.StatusCode < 500 { return }; err = errStatus }
//	if ok, err := try(ctx); ok { return nil }
//
// Rather than match these forms, the recognizer asks the engine where
// every way from a candidate call leads, under three outcomes of it (it
// succeeded; it failed with an error; it answered with no error but a
// false result or a 5xx status). The call is the attempt when success
// always leaves and some failure goes round. Conditions that do not
// depend on the outcome (a counter, a flag) take both ways, so a read
// loop (success goes round), a loop that gives up on the first failure,
// and a pagination loop (success leaves only on the last page) all fail
// the test.

// decision is the attempt a retry loop decides on.
type decision struct {
	call *ast.CallExpr
	// calls are the attempt: the call, and those assigning the same
	// error on other branches (if v2 { err = callV2() } else { err =
	// callV1() }).
	calls  []ssa.CallInstruction
	region *engine.Region
	// byBool: only a bool result reports success (ok := try()).
	byBool bool
	// exact: the walks must hold every block a way runs (periodic.go
	// reads the waits on them), so a walk is never asked again Coarse.
	exact bool
	// quiet: the calls' responses are taken to ask for nothing beyond
	// their status (engine.Outcome.Quiet): success leaves only when the
	// server does not ask for a retry (x-should-retry: true).
	quiet bool
	// verdict: success goes round only where a verdict says so (a
	// status in a configured list, a function value's answer,
	// engine/verdict.go): the loop retries on outcomes it does not show.
	verdict bool
}

// decide finds the attempt of a region: the first call, in source
// order, whose success always leaves and one of whose failures goes
// round. A recursive region's self-call is not a candidate. Calls that
// report an error are asked first: a bool alone is as often a state
// probe that ends the loop as an attempt, and when an error decides the
// loop, the probe is its stop signal, not its attempt:
//
//	for {
//		if p.closed() { // a probe: the loop's bound
//			return
//		}
//		if err := p.dial(ctx); err != nil { // the attempt
//			time.Sleep(time.Second)
//			continue
//		}
//		return
//	}
func (s *scanner) decide(r *engine.Region) *decision {
	if r == nil {
		return nil
	}
	groups := s.candidates(r)
	for _, errs := range []bool{true, false} {
		for _, group := range groups {
			if slices.Contains(engine.Roles(group[0]), engine.RoleErr) != errs {
				continue
			}
			d := &decision{calls: group, region: r, call: s.eng.CallExpr(group[0])}
			if d.call != nil && s.decides(d) {
				return d
			}
		}
	}
	return nil
}

// candidates returns the calls of a region that report an outcome and
// whose report is used, grouped with the calls whose errors meet theirs
// at a phi, in source order.
func (s *scanner) candidates(r *engine.Region) [][]ssa.CallInstruction {
	var calls []*ssa.Call
	inLoop := func(b *ssa.BasicBlock) bool { return r.Loop() == nil || r.Loop().Has(b) }
	for _, b := range r.Func().Blocks {
		if !inLoop(b) || !r.Direct(b) {
			continue
		}
		for _, in := range b.Instrs {
			c, ok := in.(*ssa.Call)
			if !ok || c.Call.StaticCallee() == r.Func() || !reports(c) && !s.records(r, c) || s.probe(c.Call.StaticCallee(), 2) {
				continue
			}
			calls = append(calls, c)
		}
	}
	sort.Slice(calls, func(i, j int) bool { return calls[i].Pos() < calls[j].Pos() })
	// Calls whose errors meet at a phi below them are one attempt.
	var out [][]ssa.CallInstruction
	for _, c := range calls {
		group := []ssa.CallInstruction{c}
		for _, o := range calls {
			if c != o && r.Alternatives(c, o) {
				group = append(group, o)
			}
		}
		out = append(out, group)
	}
	return out
}

// reports reports a call one of whose results tells its outcome and is
// used.
func reports(c *ssa.Call) bool {
	roles := engine.Roles(c)
	used := func(i int) bool {
		r := engine.Result(c, i)
		return r != nil && len(*r.Referrers()) > 0
	}
	for i, r := range roles {
		if r != engine.RoleNone && used(i) {
			return true
		}
	}
	return false
}

// An attempt may report nothing and keep its outcome in a field a way
// out of the loop tests (engine/outcomefield.go): nanotube's relay
// redials until the connection its connect sets is there.
//
//	for wait := time.Duration(0); h.Conn == nil; {
//		time.Sleep(wait)
//		wait = min(2*wait+10*time.Millisecond, 5*time.Second)
//		h.connect() // dials; h.Conn = conn on success, nil on failure
//	}
//
// Such a call is a candidate when it may reach a peer: a function that
// fills the field from this machine (a file read, a computation) does
// what another goroutine's wait for it looks like, and is no retry.
// Whether success leaves and a failure goes round is then the walk's
// answer, as for a call that returns its error: the field holds the
// connection the call dialled, or a constant it sets on success.

// records reports a call that reports nothing but keeps its outcome in
// a field a way out of the region tests, and may reach a peer.
func (s *scanner) records(r *engine.Region, c *ssa.Call) bool {
	if !r.RecordsOutcome(c) {
		return false
	}
	call := s.eng.CallExpr(c)
	return call != nil && !s.callStaysLocal(call)
}

// run walks d's region with d's calls returning o.
// A walk that has more ways than it follows says nothing; the decision
// asks again on a Coarse walk, which keeps where each way ends (all a
// decision reads) through fewer ways.
func (d *decision) run(o engine.Outcome) *engine.Walk {
	o.Quiet = d.quiet
	sc := &engine.Scenario{Attempt: d.calls, Outcome: o}
	w := d.region.Walk(sc, d.calls[0])
	if w.Void && !d.exact {
		sc.Coarse = true
		w = d.region.Walk(sc, d.calls[0])
	}
	return w
}

// decides runs the region under the outcomes of d's calls.
func (s *scanner) decides(d *decision) bool {
	roles := engine.Roles(d.calls[0])
	hasOK, hasErr := slices.Contains(roles, engine.RoleOK), slices.Contains(roles, engine.RoleErr)
	success := engine.Succeeded
	if hasOK && s.stopFlag(d.call, roles) {
		success.OK, hasOK = catalog.TriNo, false // true says stop: false is no failure
	}
	hasSoft := hasOK || slices.Contains(roles, engine.RoleResp) || s.eng.ReportsStatus(d.calls[0])
	leaves := func(o engine.Outcome) bool {
		w := d.run(o)
		return !w.Void && w.Ends.Has(engine.EndLeave) && w.Ends.Only(engine.EndLeave, engine.EndAbort)
	}
	if !leaves(success) && !s.asksRetry(d, roles, func() bool { return leaves(success) }) && !d.leavesUnlessVerdict(success) {
		return false
	}
	if hasOK && hasErr {
		// Does success leave without the bool's word? Then the error
		// decides.
		o := engine.Succeeded
		o.OK = catalog.TriUnknown
		d.byBool = !leaves(o)
	} else if hasOK {
		d.byBool = true
	}
	for _, o := range append([]engine.Outcome{engine.Failed(engine.ErrAny)}, pushbacks()...) {
		if o.Status > 0 && !hasSoft {
			continue
		}
		if w := d.run(o); !w.Void && w.Ends.Has(engine.EndRound) {
			return true
		}
	}
	return false
}

// A server may ask for a retry of a response whose status says success,
// in a header or a field of its own (x-should-retry: true, read by
// engine/outcomeask.go). The Stainless-generated SDKs' loop goes round
// on every failure and on such a success:
//
//	for retryCount := 0; retryCount <= cfg.MaxRetries; retryCount++ {
//		res, err = handler(req)
//		if !shouldRetry(cfg.Request, res, err) || retryCount >= cfg.MaxRetries {
//			break // shouldRetry: the header first, then the status
//		}
//		...
//	}
//
// It is a retry. So when a success does not always leave, the decision
// is taken again on responses that ask for nothing (Quiet), under every
// outcome: success must leave then, and a failure go round unasked. A
// poll goes round on success as a matter of course (a 202, a state that
// says "pending", a Retry-After to wait out), none of which is a wish
// for a retry, and stays what it was.

// asksRetry reports, for a call that returns a response, whether success
// leaves when the response asks for nothing; it leaves d quiet if so.
func (s *scanner) asksRetry(d *decision, roles []engine.Role, leaves func() bool) bool {
	if !slices.Contains(roles, engine.RoleResp) {
		return false
	}
	d.quiet = true
	if !leaves() {
		d.quiet = false
		return false
	}
	return true
}

// A loop may decide through a verdict (engine/verdict.go): a status
// looked up in a list the transport is configured with, the answer of a
// function value handed the outcome (rehttp's t.retry(Attempt{...})).
// Which outcomes such a loop goes round on is not known; a success may go
// round too, if the list holds a 2xx or the function says so. The loop
// is taken for a retry whose decision is unknown when success leaves on
// some way and goes round only through a verdict, and a failure goes
// round (decides); loopSite asks more of it (a wait, a remote attempt).

// RequestVerdict reports a loop whose decision is a verdict of a
// function value handed the request it sends (rehttp's
// t.retry(Attempt{Request: req, ...})): it may retry some methods only,
// and which is not judged.
func (s *Site) RequestVerdict() bool { return s.requestVerdict }

// leavesUnlessVerdict reports whether, on a success, the loop leaves on
// some way and every way that does not leave goes through a verdict; it
// marks d a verdict's decision if so.
func (d *decision) leavesUnlessVerdict(success engine.Outcome) bool {
	w := d.run(success)
	if w.Void || !w.Ends.Has(engine.EndLeave) {
		return false
	}
	for _, p := range w.Paths {
		if p.End != engine.EndLeave && p.End != engine.EndAbort && !slices.ContainsFunc(p.Branches, func(b engine.Branch) bool { return b.Verdict }) {
			return false
		}
	}
	d.verdict = true
	return true
}

// A bool an attempt returns says "it worked" unless the caller names it
// a stop signal: raft's sendLatestSnapshot returns (stop bool, err
// error), true when a newer term ends replication, false when the
// snapshot went out. Its false is success, and a loop that goes round on
// it goes round on success (the next batch), not on a failure:
//
//	if stop, err := r.sendLatestSnapshot(s); stop {
//		return true
//	} else if err != nil {
//		return
//	}
//	goto CHECK_MORE // more to send: goto START
//
// The name is read where the result is assigned: stop, shouldStop,
// stopped, quit, abort, halt (done, ok and success keep their sense).

// stopFlag reports whether the bool result of call (its RoleOK) is
// assigned to a variable named like a stop signal.
func (s *scanner) stopFlag(call *ast.CallExpr, roles []engine.Role) bool {
	fn := s.enclosingFunc(call)
	if fn == nil {
		return false
	}
	found := false
	analysisutil.EachAssign(fn, func(lhs, rhs []ast.Expr) {
		if len(rhs) != 1 || ast.Unparen(rhs[0]) != call || len(lhs) == 0 {
			return
		}
		for i, l := range lhs {
			id, ok := l.(*ast.Ident)
			if !ok || i >= len(roles) || roles[i] != engine.RoleOK {
				continue
			}
			name := strings.ToLower(id.Name)
			found = found || slices.ContainsFunc([]string{"stop", "shouldstop", "quit", "abort", "halt"}, func(p string) bool {
				return strings.HasPrefix(name, p)
			})
		}
	})
	return found
}

// pushbacks are the answers of a server that says "not now": 503, and
// 429 Too Many Requests, which a loop may be the only one to go round
// on, returning every other failure:
//
//	for i := 0; i < 5; i++ {
//		resp, err := c.Do(req)
//		if err != nil || resp.StatusCode != http.StatusTooManyRequests {
//			return resp, err
//		}
//		time.Sleep(time.Second)
//	}
func pushbacks() []engine.Outcome {
	var out []engine.Outcome
	for _, st := range catalog.RetryAfterStatuses() {
		o := engine.FailedStatus
		o.Status = st
		out = append(out, o)
	}
	return out
}

// region returns the engine's region of a loop statement of fn, with the
// statements of its body (for a goto loop, from the label to the end of
// its block), or nil when no iteration goes round.
func (s *scanner) loopRegion(fn ast.Node, stmt ast.Node, body []ast.Stmt) *engine.Region {
	f := s.eng.Func(fn)
	if rs, ok := stmt.(*ast.RangeStmt); ok && s.isAttemptIterator(rs) {
		if y := s.eng.Func(rs); y != nil {
			return s.eng.YieldRegion(y)
		}
		return nil
	}
	l := s.eng.LoopAt(f, stmt, body)
	if l == nil {
		return nil
	}
	return s.eng.LoopRegion(f, l)
}
