package retryclass

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/retrylint/retrylint/analyzers/retryscan"
	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/catalog"
	"github.com/retrylint/retrylint/internal/engine"
)

// wait-ignores-cancel: a retry loop that has a context (its attempt is
// given one, or it checks one) waits between attempts in a way the
// context cannot cut short:
//
//	for ctx.Err() == nil {
//		resp, err := c.Do(req.WithContext(ctx))
//		...
//		time.Sleep(retryAfter(resp))   // Retry-After: 120 holds the caller 2 minutes
//	}
//
// The forms are time.Sleep(d), <-time.After(d) and <-t.C of a timer
// from time.NewTimer (or t.Reset), received outside a select or in a
// select whose every case is a timer. A caller that gives up during the
// wait waits it out; when nothing else looks at the context, the loop
// also goes on with its attempts (loopCancel reports both in one
// finding). A helper of the package that waits so and can be stopped by
// nothing is such a wait too (waithelper.go). A select with any other
// case (ctx.Done(), a stop channel) and a wait helper given the context
// are quiet.

// blindWait is a wait of a loop's body that ignores cancellation.
type blindWait struct {
	at   ast.Node      // the Sleep call, or the receive
	call *ast.CallExpr // the call that sets its length (Sleep, After, NewTimer, Reset), or nil
	name string        // time.Sleep, <-time.After, <-t.C
}

// blindWaits returns the waits of a loop body that ignore cancellation,
// in source order. Function literals are not entered.
func (c *checker) blindWaits(site *retryscan.Site, body *ast.BlockStmt) []blindWait {
	info := c.pass.TypesInfo
	var out []blindWait
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectStmt:
			if !c.timersOnly(n) {
				// Only the bodies of the cases: their receives watch
				// something besides time.
				for _, cc := range n.Body.List {
					for _, s := range cc.(*ast.CommClause).Body {
						ast.Inspect(s, visit)
					}
				}
				return false
			}
		case *ast.CallExpr:
			if analysisutil.IsFunc(analysisutil.Callee(info, n), "time", "", "Sleep") {
				out = append(out, blindWait{at: n, call: n, name: "time.Sleep"})
			} else if name, ok := c.blindHelper(n); ok {
				out = append(out, blindWait{at: n, name: name}) // backoffSleep(attempt): waithelper.go
			}
		case *ast.UnaryExpr:
			if n.Op != token.ARROW {
				break
			}
			if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok && c.isTimeAfter(call) {
				out = append(out, blindWait{at: n, call: call, name: "<-time.After"})
				return false
			}
			if t, ok := timerChan(info, n.X); ok {
				out = append(out, blindWait{at: n, call: c.timerStart(site, body, t), name: "<-" + types.ExprString(ast.Unparen(n.X))})
				return false
			}
		}
		return true
	}
	ast.Inspect(body, visit)
	// A wait in a block that always leaves the loop is not between
	// attempts.
	return slices.DeleteFunc(out, func(w blindWait) bool { return !site.Contains(w.at.Pos()) })
}

func (c *checker) isTimeAfter(call *ast.CallExpr) bool {
	return analysisutil.IsFunc(analysisutil.Callee(c.pass.TypesInfo, call), "time", "", "After")
}

// timersOnly reports whether every case of a select receives from a
// timer: select { case <-time.After(d): } waits as blindly as a Sleep.
func (c *checker) timersOnly(s *ast.SelectStmt) bool {
	for _, cc := range s.Body.List {
		u := analysisutil.Received(cc)
		if u == nil {
			return false // a send, or default
		}
		if call, ok := ast.Unparen(u.X).(*ast.CallExpr); ok && c.isTimeAfter(call) {
			continue
		}
		if _, ok := timerChan(c.pass.TypesInfo, u.X); !ok {
			return false
		}
	}
	return true
}

// timerChan reports whether e is the channel of a *time.Timer, t.C, and
// returns the timer's variable.
func timerChan(info *types.Info, e ast.Expr) (types.Object, bool) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "C" || !analysisutil.Named(info.TypeOf(sel.X), "time", "Timer") {
		return nil, false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil, true
	}
	return info.ObjectOf(id), true
}

// timerStart returns the last call in the loop's waits that sets timer
// t going: t := time.NewTimer(d), or t.Reset(d).
func (c *checker) timerStart(site *retryscan.Site, body *ast.BlockStmt, t types.Object) *ast.CallExpr {
	if t == nil {
		return nil
	}
	info := c.pass.TypesInfo
	made := map[*ast.CallExpr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) == t {
				if call, ok := ast.Unparen(as.Rhs[i]).(*ast.CallExpr); ok {
					made[call] = true
				}
			}
		}
		return true
	})
	var last *ast.CallExpr
	for _, w := range site.Delay().Waits {
		fn := analysisutil.Callee(info, w)
		switch {
		case made[w] && analysisutil.IsFunc(fn, "time", "", "NewTimer"):
			last = w
		case analysisutil.IsFunc(fn, "time", "Timer", "Reset"):
			if sel, ok := ast.Unparen(w.Fun).(*ast.SelectorExpr); ok {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.ObjectOf(id) == t {
					last = w
				}
			}
		}
	}
	return last
}

// waitLength is how long a blind wait can last, as far as it is seen.
type waitLength struct {
	d          time.Duration // the longest, when > 0
	retryAfter bool          // as long as a Retry-After header says
	growing    bool          // grows with no cap
}

// known reports whether the length says anything.
func (l waitLength) known() bool { return l.d > 0 || l.retryAfter || l.growing }

// less orders lengths: a known duration below Retry-After and an uncapped
// growth, which have no upper bound.
func (l waitLength) less(m waitLength) bool {
	switch {
	case m.retryAfter || m.growing:
		return !(l.retryAfter || l.growing)
	case l.retryAfter || l.growing:
		return false
	}
	return l.d < m.d
}

// String renders the length for a message.
func (l waitLength) String() string {
	switch {
	case l.retryAfter:
		return "as long as the server's Retry-After says (minutes, if it says so)"
	case l.growing:
		return "longer each round, with no cap"
	}
	return "up to " + human(l.d, false)
}

// length works out how long a blind wait can last: its constant (in the
// call, or the value a local or a once-set field holds), a Retry-After header it is computed from, or, for the loop's only wait,
// the longest of the waits the recognizer sees, or the constant limit
// its growth is clamped at.
func (c *checker) length(a *attempt, w blindWait) waitLength {
	if w.call == nil || len(w.call.Args) == 0 {
		return waitLength{}
	}
	arg := w.call.Args[len(w.call.Args)-1]
	if tv, ok := c.pass.TypesInfo.Types[arg]; ok && tv.Value != nil {
		n, _ := constInt(tv)
		return waitLength{d: time.Duration(n)}
	}
	v := c.eng.ValueOf(a.site.Func(), arg)
	if k := c.constOf(v); k != nil && k.Value != nil && k.Value.Kind() == constant.Int {
		// delay := 2 * time.Second; time.Sleep(delay): a local, or a
		// field or variable set once to a constant, whatever other
		// waits the loop has.
		return waitLength{d: time.Duration(k.Int64())}
	}
	if v != nil && c.fromRetryAfter(v) {
		return waitLength{retryAfter: true}
	}
	d := a.site.Delay()
	if len(d.Waits) != 1 {
		return waitLength{}
	}
	// The longest of the worst case's waits; not when a jitter is added
	// to each (d + rand.N(d/4)): they are then the least each can be.
	if wc := a.site.WorstCase(); wc.WaitsKnown && !wc.AddedJitter && len(wc.Waits) > 0 {
		return waitLength{d: slices.Max(wc.Waits)}
	}
	if d.Kind == catalog.DelayExponential && d.Capped == catalog.TriNo {
		return waitLength{growing: true}
	}
	if d.Cap > 0 {
		// A retry with no count that grows up to a constant limit
		// (min(d*2, 8*time.Second)): at most the limit; with a jitter
		// of known bound added (d + rand.N(d/2)), the limit plus its
		// most, 12s.
		return waitLength{d: d.Cap}
	}
	return waitLength{}
}

// constOf is the engine's ConstOf of v, or nil for no value.
func (c *checker) constOf(v ssa.Value) *ssa.Const {
	if v == nil {
		return nil
	}
	return c.eng.ConstOf(v)
}

// fromRetryAfter reports whether a Retry-After header flows into v: the
// header's name, as a constant, is among what v is computed from, in its
// function or in a helper of the package it calls, or a helper of
// another package computes it (retryscan's PushbackFact).
//
//	secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
//	time.Sleep(time.Duration(secs) * time.Second)
//	time.Sleep(httpx.RetryAfter(resp))
func (c *checker) fromRetryAfter(v ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	var from func(v ssa.Value) bool
	from = func(v ssa.Value) bool {
		if v == nil || seen[v] || len(seen) > 256 {
			return false
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Const:
			return isRetryAfterName(v)
		case *ssa.Alloc:
			// A local written through its address: fmt.Sscan(h, &secs).
			return slices.ContainsFunc(*v.Referrers(), func(r ssa.Instruction) bool {
				call, ok := r.(*ssa.Call)
				return ok && from(call)
			})
		case *ssa.Call:
			if fn := v.Call.StaticCallee(); fn != nil && fn.Pkg == v.Parent().Pkg && helperNamesRetryAfter(fn) {
				return true
			}
			if fn := engine.Callee(v); fn != nil && fn.Pkg() != c.pass.Pkg && c.res.ReadsRetryAfter(fn) {
				return true
			}
		}
		in, ok := v.(ssa.Instruction)
		if !ok {
			return false
		}
		return slices.ContainsFunc(in.Operands(nil), func(op *ssa.Value) bool { return from(*op) })
	}
	return from(v)
}

// helperNamesRetryAfter reports whether a function of the package names
// the Retry-After header: func retryAfter(resp *http.Response) time.Duration.
func helperNamesRetryAfter(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			for _, op := range in.Operands(nil) {
				if k, ok := (*op).(*ssa.Const); ok && isRetryAfterName(k) {
					return true
				}
			}
		}
	}
	return false
}

func isRetryAfterName(k *ssa.Const) bool {
	return k.Value != nil && k.Value.Kind() == constant.String && strings.EqualFold(constant.StringVal(k.Value), catalog.RetryAfterHeader)
}

// minBlindWait is the longest wait not reported in a loop that stops at
// its next look at the context: the caller waits little longer than a
// cancelled attempt would take.
const minBlindWait = time.Second

// longestWait returns the blind wait that can last longest, and how
// long; the first one when none is known.
func (c *checker) longestWait(a *attempt, waits []blindWait) (blindWait, waitLength) {
	best, bestLen := waits[0], c.length(a, waits[0])
	for _, w := range waits[1:] {
		if l := c.length(a, w); bestLen.less(l) {
			best, bestLen = w, l
		}
	}
	return best, bestLen
}
