package retryscan

import (
	"go/ast"
	"math"
	"time"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
)

// timeModel is what decides the waits of a library or client site.
type timeModel struct {
	initial time.Duration // first wait, 0 unknown
	factor  float64       // growth per attempt, 0 unknown
	cap     time.Duration // longest wait, 0 none or unknown
	capSet  bool          // a cap applies (its value may be unknown)
	capEnds bool          // reaching the cap ends the retry (wait.Backoff)
	elapsed time.Duration // the library's default elapsed-time limit
	kind    catalog.DelayKind
	capped  catalog.Tri
	// fullJitter: each wait is drawn between zero and the nominal one
	// (catalog.TimeDefault.FullJitter).
	fullJitter bool
}

// timeModel starts from the defaults of the entry point, then of the
// delay constructors among the configuration (a constructor replaces the
// policy), then applies the explicit options.
func (s *scanner) timeModel(site *Site) timeModel {
	var m timeModel
	var entry catalog.Symbol
	// retryablehttp's StandardClient, or its RoundTripper in a client; not
	// another catalogued transport (rehttp's), whose defaults are its own
	standard := analysisutil.PkgPath(site.callee) == "net/http" && site.transport == nil &&
		(site.entry == nil || site.entry.Pkg == "" || site.entry.Pkg == retryHTTPPkg)
	switch {
	case standard:
		entry = standardClient
	case site.entry != nil:
		entry = site.entry.Symbol
	}
	if td, ok := catalog.LookupTimeDefault(entry); ok && !site.unseen {
		m = timeModel{initial: td.Initial, factor: td.Factor, cap: td.Cap, capSet: td.Cap > 0, capEnds: td.CapEnds, elapsed: td.Elapsed, fullJitter: td.FullJitter}
	}
	var setsInitial, setsFactor, policy bool
	for _, n := range site.config {
		for _, r := range s.delayRows(n) {
			switch {
			case r.row.Constructor:
				td, _ := catalog.LookupTimeDefault(r.row.Symbol)
				m.initial, m.factor, m.cap, m.capSet, m.fullJitter = td.Initial, td.Factor, td.Cap, td.Cap > 0, td.FullJitter
				if td.Elapsed > 0 {
					m.elapsed = td.Elapsed
				}
			case r.row.Effect == catalog.DelCap:
				m.cap, _ = s.durationConst(r.val)
				m.capSet = true
			case r.row.Effect == catalog.DelInitial:
				setsInitial = true
			case r.row.Effect == catalog.DelFactor:
				setsFactor = true
			case r.row.Effect == catalog.DelPolicy:
				policy = true
			}
		}
		s.timeOptions(n, &m)
	}
	// Delay reads the first wait and the growth from the delay options;
	// an option it could not read leaves them 0, and then no default
	// applies.
	d := site.Delay()
	m.kind, m.capped = d.Kind, d.Capped
	if standard && !policy && !site.unseen {
		// StandardClient's RoundTripper runs Client.Do: the client's
		// DefaultBackoff, which the site's own row does not carry.
		m.kind, m.capped = catalog.DelayExponential, catalog.TriYes
	}
	if d.Cap > 0 {
		m.cap, m.capSet = d.Cap, true // a loop's or a wrapper's clamp
	}
	switch {
	case d.Initial > 0:
		m.initial = d.Initial
	case setsInitial:
		m.initial = 0
	}
	switch {
	case d.Factor > 0:
		m.factor = d.Factor
	case setsFactor:
		m.factor = 0
	}
	return m
}

// timeOptions applies the time rows (catalog.LookupTimeOption) the items
// of a configuration node match (itemsOf): a call, a struct literal's
// fields, a field assignment. The items a call of another package's
// helper brings are not read.
func (s *scanner) timeOptions(n ast.Node, m *timeModel) {
	for _, it := range s.itemsOf(n) {
		o := catalog.LookupTimeOption(it.sym)
		if it.fact || o == nil || it.kind != ItemCall && it.kind != ItemField || o.Field != (it.kind == ItemField) {
			continue
		}
		val := it.value(o.Arg)
		switch {
		case val == nil:
		case o.Effect == catalog.TimeInitial:
			m.initial, _ = s.durationConst(val)
		case o.Effect == catalog.TimeCap:
			m.cap, _ = s.durationConst(val)
			m.capSet = true
		case o.Effect == catalog.TimeFactor:
			m.factor, _ = s.floatConst(val)
		}
		if c := it.value(o.CapArg - 1); o.CapArg > 0 && c != nil {
			m.cap, _ = s.durationConst(c) // rehttp.ExpJitterDelay(base, max)
			m.capSet = true
		}
	}
}

// maxWaits is the most waits a worst case lists: a count like velero's
// wait.Backoff{Steps: math.MaxInt, Cap: c} is not made into a slice. The
// first maxWaits are enough for a cap to end the retry (capEnds); past
// them the waits are unknown, and facts stay small.
const maxWaits = 1000

// waits fills the waits between attempts.
func (s *scanner) waits(site *Site, m timeModel, w *WorstCase) {
	n := w.Attempts - 1
	long := n > maxWaits
	n = min(n, maxWaits)
	var ws []time.Duration
	ok, least := false, false
	if site.kind == KindLoop {
		ws, ok, least = s.loopWaits(site, n)
	} else {
		ws, ok = libraryWaits(m, n)
	}
	if long && len(ws) == n {
		ok = false // no cap ended it within the waits listed
	}
	if !ok {
		ws = make([]time.Duration, max(n, 0))
	}
	w.Waits, w.WaitsKnown, w.AddedJitter = ws, ok, ok && least
}

// capBound makes a site's bound the attempts that run when reaching the
// cap ends the retry, as it does for apimachinery's wait.Backoff: the
// Step whose next wait would pass Cap sets Steps to 0, and the retry ends
// after that wait. The count the configuration states is kept as
// Promised (retrybudget's own-limit finding), the one that runs is the
// site's Attempts, which every analyzer and fact reads:
//
//	wait.Backoff{Steps: 6, Duration: 200 * time.Millisecond, Factor: 2, Cap: 5 * time.Second}
//	// waits 0.2s 0.4s 0.8s 1.6s 3.2s: the next, 6.4s, passes Cap: 5 attempts
func (s *scanner) capBound(site *Site) {
	if site.entry == nil || site.bound.Attempts <= 1 {
		return
	}
	if td, ok := catalog.LookupTimeDefault(site.entry.Symbol); !ok || !td.CapEnds {
		return
	}
	m := s.timeModel(site)
	if m.cap <= 0 || m.factor <= 1 {
		return
	}
	ws, ok := libraryWaits(m, min(site.bound.Attempts-1, maxWaits))
	if !ok {
		return
	}
	for i, d := range ws {
		if float64(d)*m.factor > float64(m.cap) {
			site.bound.Promised, site.bound.Attempts = site.bound.Attempts, i+1
			return
		}
	}
}

// libraryWaits computes n waits from a library's delay policy.
func libraryWaits(m timeModel, n int) ([]time.Duration, bool) {
	ws := make([]time.Duration, n)
	switch m.kind {
	case catalog.DelayNone:
		return ws, true
	case catalog.DelayConstant:
		if m.initial <= 0 {
			return nil, false
		}
		for i := range ws {
			ws[i] = m.initial
		}
		return ws, true
	case catalog.DelayExponential:
		if m.initial <= 0 || m.factor < 1 {
			return nil, false
		}
		var limit time.Duration
		switch {
		case m.capped == catalog.TriYes || (m.capped == catalog.TriUnknown && m.capSet):
			if m.cap <= 0 {
				return nil, false // capped at a value that cannot be read
			}
			limit = m.cap
		case m.capped == catalog.TriUnknown:
			return nil, false
		}
		return geometric(m.initial, m.factor, limit, n), true
	}
	return nil, false
}

// geometric returns n waits initial * factor^i, each at most limit when
// limit > 0.
func geometric(initial time.Duration, factor float64, limit time.Duration, n int) []time.Duration {
	ws := make([]time.Duration, n)
	cur := float64(initial)
	for i := range ws {
		v := cur
		if limit > 0 && v > float64(limit) {
			v = float64(limit)
		}
		if v > math.MaxInt64/2 {
			v = math.MaxInt64 / 2
		}
		ws[i] = time.Duration(v)
		cur *= factor
	}
	return ws
}

// loopWaits computes n waits of a hand-rolled loop: one wait (a wait
// call, or a call of a local helper that waits on its argument,
// sleepCtx(ctx, d)) with a constant argument, a wait growing with no
// cap from a known start, or one growing by a known step from a counter
// (time.Duration(i+1) * time.Second), or one growing from a known start
// up to a constant limit (Delay.Cap). Several waits, a clamp of unknown
// limit, an opaque value: unknown. A jitter added to the wait (d + rand.N(d/4)) leaves
// the least each wait can be (Delay.Least), up to the clamp of the delay
// under it (Delay.LeastCap): least is then true.
func (s *scanner) loopWaits(site *Site, n int) (ws []time.Duration, ok, least bool) {
	d := site.Delay()
	first := d.Initial
	if first <= 0 && d.Least > 0 {
		first, least = d.Least, true
	}
	switch {
	case d.Kind == catalog.DelayNone:
		return make([]time.Duration, n), true, false
	case d.Kind == catalog.DelayExponential && d.Capped == catalog.TriNo && first > 0 && d.Factor > 1:
		return geometric(first, d.Factor, 0, n), true, least
	case d.Kind == catalog.DelayExponential && d.Capped == catalog.TriYes && d.Cap > 0 && d.Initial > 0 && d.Factor > 1:
		return geometric(d.Initial, d.Factor, d.Cap, n), true, false
	case d.Kind == catalog.DelayExponential && d.Capped == catalog.TriYes && d.LeastCap > 0 && least && d.Factor > 1:
		return geometric(first, d.Factor, d.LeastCap, n), true, true
	case d.Kind == catalog.DelayConstant && first > 0 && d.Factor == 1:
		return geometric(first, 1, 0, n), true, least
	case d.Kind == catalog.DelayLinear && d.Step > 0:
		ws := make([]time.Duration, n)
		for i := range ws {
			ws[i] = first + time.Duration(i)*d.Step
		}
		return ws, true, least
	}
	return nil, false, false
}

// elapsedLimit fills the retry's own elapsed-time limit.
func (s *scanner) elapsedLimit(site *Site, m timeModel, w *WorstCase) {
	b := site.bound
	switch {
	case b.Elapsed > 0:
		w.MaxElapsed, w.ElapsedAt, w.ElapsedBy = b.Elapsed, b.ElapsedAt, s.optionName(b.ElapsedAt)
	case b.Elapsed == ElapsedUnknown:
		w.ElapsedUnknown, w.ElapsedAt, w.ElapsedBy = true, b.ElapsedAt, s.optionName(b.ElapsedAt)
	case b.Time && m.elapsed > 0:
		w.MaxElapsed, w.ElapsedBy = m.elapsed, "the default MaxElapsedTime"
	}
	if analysisutil.PkgPath(site.callee) == "net/http" {
		// retryablehttp's StandardClient or RoundTripper, a retrying
		// transport: the outer client's Timeout bounds the whole retry,
		// which runs inside its RoundTrip.
		var recv ast.Expr
		if call, ok := site.node.(*ast.CallExpr); ok {
			recv = s.receiver(call)
		}
		d, kind, at := s.timeoutIn(s.configNodes(site.fn, recv), false, false)
		switch {
		case kind != TimeoutClient:
		case d > 0 && (w.MaxElapsed == 0 || d < w.MaxElapsed):
			w.MaxElapsed, w.ElapsedAt, w.ElapsedBy, w.ElapsedUnknown = d, at, "the http.Client's Timeout", false
		case d == 0 && w.MaxElapsed == 0:
			w.ElapsedUnknown, w.ElapsedAt, w.ElapsedBy = true, at, "the http.Client's Timeout"
		}
	}
}

// timeOnly reports whether no attempt count applies to a site: its
// bound says so, or it is a library call whose entry counts no attempts
// by default (cenkalti's Retry: 15 minutes of elapsed time) and whose
// whole configuration is visible with no count set:
//
//	backoff.Retry(ctx, op, backoff.WithMaxElapsedTime(2*time.Minute))  // time only
//	backoff.Retry(ctx, op, opts...)                                    // opts may hold WithMaxTries
func (s *scanner) timeOnly(site *Site) bool {
	b := site.bound
	if b.Attempts == catalog.AttemptsUnbounded {
		return true
	}
	e := site.entry
	call, ok := site.node.(*ast.CallExpr)
	if site.kind != KindLibrary || !ok || e == nil || !e.TimeBound || e.Attempts != catalog.AttemptsUnknown ||
		b.Attempts != catalog.AttemptsUnknown || b.Evidence != nil || b.CountParam != 0 {
		return false
	}
	config := []ast.Expr{s.receiver(call)}
	for i, a := range call.Args {
		if i != e.Op {
			config = append(config, a)
		}
	}
	return !call.Ellipsis.IsValid() && !s.unseenConfig(site.fn, config...)
}

// optionName names the option at n for messages: "MaxElapsedTime",
// "backoff.WithMaxElapsedTime", "gax.WithTimeout".
func (s *scanner) optionName(n ast.Node) string {
	switch n := n.(type) {
	case *ast.CallExpr:
		if fn := s.calleeOf(n); fn != nil {
			if fn.Pkg() != nil {
				return fn.Pkg().Name() + "." + fn.Name()
			}
			return fn.Name()
		}
	case *ast.KeyValueExpr:
		if id, ok := n.Key.(*ast.Ident); ok {
			return id.Name
		}
	case *ast.AssignStmt:
		if sel, ok := ast.Unparen(n.Lhs[0]).(*ast.SelectorExpr); ok {
			return sel.Sel.Name
		}
	}
	return "the elapsed-time limit"
}
